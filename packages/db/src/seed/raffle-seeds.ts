/**
 * Raffle draw seeds with node:crypto: a 32-byte secret per raffle draw and its published commitment
 * (lowercase hex SHA-256), made when the draw is created (demo seed, top-up, rollover). The draw at
 * the end uses the domain's `drawRaffleWinners` with the same HMAC.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  RAFFLE_ALGORITHM,
  RAFFLE_ALGORITHM_VERSION,
  RAFFLE_SEED_BYTES,
  raffleCommitment,
} from '@drawhouse/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { draws, raffleDrawSeeds } from '../schema/index.ts';

export const nodeSha256 = async (data: Uint8Array): Promise<Uint8Array> =>
  createHash('sha256').update(data).digest();

export const nodeHmacSha256 = async (key: Uint8Array, message: Uint8Array): Promise<Uint8Array> =>
  createHmac('sha256', key).update(message).digest();

/** A new secret seed and its commitment. */
export async function newRaffleSeed(): Promise<{ seed: Buffer; commitment: string }> {
  const seed = randomBytes(RAFFLE_SEED_BYTES);
  return { seed, commitment: await raffleCommitment(seed, nodeSha256) };
}

/** Gives each of these raffle draws its seed row, once (a draw that has one keeps it). */
export async function insertRaffleSeeds(db: DbOrTx, drawIds: readonly string[]): Promise<number> {
  let made = 0;
  for (const drawId of drawIds) {
    const { seed, commitment } = await newRaffleSeed();
    const rows = await db
      .insert(raffleDrawSeeds)
      .values({ drawId, seed, commitment, algorithm: RAFFLE_ALGORITHM, version: RAFFLE_ALGORITHM_VERSION })
      .onConflictDoNothing()
      .returning({ drawId: raffleDrawSeeds.drawId });
    made += rows.length;
  }
  return made;
}

/** Raffle draws still to be drawn that have no seed yet: they get one now. */
export async function seedUnseededRaffleDraws(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ id: draws.id })
    .from(draws)
    .leftJoin(raffleDrawSeeds, eq(raffleDrawSeeds.drawId, draws.id))
    .where(
      and(
        eq(draws.type, 'raffle_ticket_draw'),
        inArray(draws.status, ['DRAW_OPEN', 'DRAW_CLOSED']),
        isNull(raffleDrawSeeds.drawId),
      ),
    );
  return insertRaffleSeeds(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * Keeps the number of tickets a raffle draw sold on its seed row (once), from the raffle's counter:
 * called when the draw closes and before a rollover starts the counter again for the next draw.
 */
export async function captureRaffleTicketsSold(db: DbOrTx, drawId: string, offerKey: string): Promise<void> {
  await db.execute(
    sql`update raffle_draw_seeds s set tickets_sold = r.tickets_sold from raffles r
      where s.draw_id = ${drawId} and r.product_offer_key = ${offerKey} and s.tickets_sold is null`,
  );
}
