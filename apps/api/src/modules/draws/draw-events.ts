/**
 * Events the engine's moves write in their own transactions, where more than one move writes them.
 * Who follows each is in outbox/outbox.subscriptions.ts.
 */
import type { DbOrTx } from '@drawhouse/db';
import { emit } from '../outbox/index.ts';
import type { DrawWithOffer } from './draws.repository.ts';
import { payoutsRepository } from './payouts.repository.ts';

/** A draw's results published (it is DRAW_DRAWN now). */
export async function emitPublished(tx: DbOrTx, found: DrawWithOffer): Promise<void> {
  const { id: drawId, drawNo } = found.draw;
  await emit(tx, 'draw.published', drawId, { drawId, offerKey: found.offer.key, drawNo });
}

/** A draw scored, or its awaited prizes priced later: what waited for its figures follows. */
export async function emitScored(tx: DbOrTx, found: DrawWithOffer): Promise<void> {
  const { id: drawId, drawNo } = found.draw;
  await emit(tx, 'draw.scored', drawId, { drawId, offerKey: found.offer.key, drawNo });
}

/** `prize.held` for the draw's payouts held now, if any: their winners are told it is being approved. */
export async function emitHeld(tx: DbOrTx, drawId: string): Promise<void> {
  const ticketIds = await payoutsRepository(tx).heldTicketIds(drawId);
  if (ticketIds.length > 0) await emit(tx, 'prize.held', drawId, { drawId, ticketIds });
}
