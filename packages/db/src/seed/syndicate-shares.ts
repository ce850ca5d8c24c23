/**
 * The demo syndicates' draws on sale, each with shares sold (the syndicate's `sharesSold`, at least
 * half its total), so they go ahead at their close under the fill rule instead of being cancelled.
 * Runs on every start: only a draw with no count yet gets one, so real sales are never overwritten.
 */
import type { DbOrTx } from '../client.ts';
import { openDraws } from '../open-draws.ts';
import { syndicateDrawShares } from '../schema/index.ts';
import { SYNDICATES } from './offers.ts';

export async function seedSyndicateShares(tx: DbOrTx, now: Date): Promise<void> {
  for (const s of SYNDICATES) {
    const onSale = await openDraws(tx, [s.key], now);
    if (onSale.length === 0) continue;
    await tx
      .insert(syndicateDrawShares)
      .values(onSale.map((d) => ({ drawId: d.id, totalShares: s.totalShares, sharesSold: s.sharesSold })))
      .onConflictDoNothing();
  }
}
