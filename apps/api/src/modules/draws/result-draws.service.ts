/**
 * The results the engine draws itself (DRAW_CLOSED -> DRAW_DRAWN), never entered by operators:
 * - Raffles are drawn by Drawhouse (`drawRaffle`) from the draw's committed seed.
 * - A syndicate draw takes the results of the lottery draw it rides (same lottery, same draw
 *   number) once that draw is published (`publishRiding`).
 * - Demo mode (DRAWS_DEMO): once a closed draw's time has passed the engine draws its result with a
 *   CSPRNG (node:crypto randomInt) as the operator `demo`, with announced prizes from the lottery's
 *   typical figures, and publishes it at once (`demoDraw`); Lotto Strike is derived from its linked
 *   Lotto draw.
 */
import { randomInt } from 'node:crypto';
import { type Database, demoAnnouncedPrizes, nodeHmacSha256 } from '@drawhouse/db';
import { drawRaffleWinners, randomResult, type StoredResult } from '@drawhouse/domain';
import { DEMO_OPERATOR } from '../operators/index.ts';
import { drawCloseRepository } from './draw-close.repository.ts';
import { emitPublished } from './draw-events.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { drawsRepository } from './draws.repository.ts';
import { createResultPublishing, lotteryKeyOf } from './result-publishing.service.ts';

export function createResultDrawsService(deps: { db: Database; now: () => Date; demo: boolean }) {
  const { db, now } = deps;
  const { publishResult, linkedNumbers } = createResultPublishing({ now });

  return {
    /**
     * Demo mode: draws a closed lottery draw whose time has come (Lotto Strike from its linked draw
     * once that is published) and publishes it as the operator `demo`. Answers whether it did.
     */
    async demoDraw(drawId: string): Promise<boolean> {
      if (!deps.demo) return false;
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.claim(drawId, 'DRAW_CLOSED');
        if (found?.draw.type !== 'lottery_ticket_draw' || found.draw.drawAt > now()) return false;
        const lotteryKey = lotteryKeyOf(found);
        if (!lotteryKey) return false;
        let result: StoredResult;
        const linked = await linkedNumbers(tx, found, lotteryKey);
        if (linked.linked) {
          if (!linked.numbers) return false; // waits for the linked Lotto draw
          result = { numbers: { Numbers: linked.numbers }, supplementary: [] };
        } else {
          result = randomResult(lotteryKey, (min, max) => randomInt(min, max + 1));
        }
        const prizes = demoAnnouncedPrizes(lotteryKey, found.draw.drawNo);
        await resultsRepo.insertEntry({
          drawId,
          operator: DEMO_OPERATOR,
          numbers: result.numbers,
          supplementary: result.supplementary,
          prizes,
          status: 'published',
        });
        return publishResult(tx, found, lotteryKey, { result, prizes });
      });
    },

    /** A closed syndicate draw takes its lottery draw's results and divisions once they are published. */
    async publishRiding(drawId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.claim(drawId, 'DRAW_CLOSED');
        if (found?.draw.type !== 'syndicate_share_draw' || !found.offer.lotteryKey) return false;
        const ridden = await resultsRepo.riddenDraw(found.offer.lotteryKey, found.draw.drawNo);
        const result = ridden?.publishedAt ? await drawsRepo.result(ridden.id) : undefined;
        if (!ridden || !result) return false;
        const divisions = await drawsRepo.divisions(ridden.id);
        const announced = Object.fromEntries(
          divisions.filter((d) => d.prizeCents > 0).map((d) => [String(d.division), d.prizeCents]),
        );
        return publishResult(tx, found, found.offer.lotteryKey, {
          result: { numbers: result.numbers, supplementary: result.supplementary },
          prizes: announced,
        });
      });
    },

    /**
     * A closed raffle draw whose time has come is drawn from its committed seed: the winners are the
     * domain's `drawRaffleWinners` over the tickets sold, one per prize in prize order.
     */
    async drawRaffle(drawId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const closeRepo = drawCloseRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.claim(drawId, 'DRAW_CLOSED');
        if (found?.draw.type !== 'raffle_ticket_draw' || found.draw.drawAt > now()) return false;
        // A draw made without a seed gets one now (its commitment was not shown before the close).
        await closeRepo.seedUnseededRaffleDraws();
        const seed = await drawsRepo.raffleSeed(drawId);
        if (!seed) return false;
        const ticketsSold = seed.ticketsSold ?? (await drawsRepo.raffleNumbersSold(drawId));
        const prizes = await drawsRepo.rafflePrizes(found.offer.key);
        const winners =
          seed.winningTickets ??
          (await drawRaffleWinners({
            seed: seed.seed,
            offerKey: found.offer.key,
            drawNo: found.draw.drawNo,
            ticketsSold,
            prizeCount: prizes.length,
            hmac: nodeHmacSha256,
          }));
        await resultsRepo.saveRaffleWinners(drawId, winners, now());
        const divisions = prizes.map((p, i) => ({
          division: p.rank,
          description: p.name,
          prizeCents: p.valueCents,
          winners: i < winners.length ? 1 : 0,
        }));
        const published = await resultsRepo.publish(drawId, null, divisions, now());
        if (published) await emitPublished(tx, found);
        return published;
      });
    },
  };
}

export type ResultDrawsService = ReturnType<typeof createResultDrawsService>;
