/**
 * Past raffle draws of the demo, drawn the provably fair way: each has a secret seed and its
 * commitment, the tickets sold, and the winning tickets from the domain's `drawRaffleWinners` with
 * that seed, so anyone can check them. The tickets sold are made up (the numbers were sold before
 * Drawhouse kept tickets), the seeds are real random bytes.
 */
import { drawRaffleWinners, RAFFLE_ALGORITHM, RAFFLE_ALGORITHM_VERSION } from '@drawhouse/domain';
import type { DbOrTx } from '../client.ts';
import { drawPrizeDivisions, draws, raffleDrawSeeds } from '../schema/index.ts';
import { RAFFLE_ROLLOVER_DAYS, raffleDraw, sydneyEveningAfter } from './draws.ts';
import type { RaffleDef } from './offers.ts';
import { newRaffleSeed, nodeHmacSha256 } from './raffle-seeds.ts';
import { createRandom } from './random.ts';

/** How many earlier draws each demo raffle has. */
export const PAST_RAFFLE_DRAWS = 3;

/** Earlier draws every RAFFLE_ROLLOVER_DAYS before the open one, each drawn before `now`. */
export async function seedPastRaffleDraws(
  tx: DbOrTx,
  raffle: RaffleDef,
  firstCloses: Date,
  now: Date,
): Promise<void> {
  const random = createRandom(`${raffle.key}#past`);
  let closesAt = sydneyEveningAfter(firstCloses, -RAFFLE_ROLLOVER_DAYS);
  while (closesAt.getTime() + 86_400_000 >= now.getTime()) {
    closesAt = sydneyEveningAfter(closesAt, -RAFFLE_ROLLOVER_DAYS);
  }
  for (let back = 1; back <= PAST_RAFFLE_DRAWS && raffle.firstDrawNo - back >= 1; back++) {
    if (back > 1) closesAt = sydneyEveningAfter(closesAt, -RAFFLE_ROLLOVER_DAYS);
    const drawNo = raffle.firstDrawNo - back;
    const base = raffleDraw(raffle.key, drawNo, closesAt, raffle.prizes[0]?.valueCents ?? null);
    const drawAt = base.drawAt as Date;
    const [row] = await tx
      .insert(draws)
      .values({
        ...base,
        status: 'DRAW_EMAILED',
        purchaseStatus: 'past_draw',
        closedAt: closesAt,
        publishedAt: drawAt,
        scoredAt: drawAt,
        paidAt: drawAt,
        emailedAt: drawAt,
      })
      .onConflictDoNothing()
      .returning({ id: draws.id });
    if (!row) continue;
    const ticketsSold = Math.round(raffle.totalTickets * (0.6 + random.next() * 0.35));
    const { seed, commitment } = await newRaffleSeed();
    const winningTickets = await drawRaffleWinners({
      seed,
      offerKey: raffle.key,
      drawNo,
      ticketsSold,
      prizeCount: raffle.prizes.length,
      hmac: nodeHmacSha256,
    });
    await tx.insert(raffleDrawSeeds).values({
      drawId: row.id,
      seed,
      commitment,
      algorithm: RAFFLE_ALGORITHM,
      version: RAFFLE_ALGORITHM_VERSION,
      ticketsSold,
      winningTickets,
      drawnAt: drawAt,
    });
    await tx.insert(drawPrizeDivisions).values(
      raffle.prizes.map((p, i) => ({
        drawId: row.id,
        division: p.rank,
        description: p.name,
        winners: i < winningTickets.length ? 1 : 0,
        prizeCents: p.valueCents,
      })),
    );
  }
}
