/**
 * The one query of the draws that take entries: status DRAW_OPEN and the stop time still ahead (the
 * domain's `takesEntries`), soonest first. The catalogue, the cart and the demo seed all read draws
 * on sale through it; which of them are listed and sold is the domain's `listedDraws`.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { draws } from './schema/index.ts';

export function openDraws(
  db: DbOrTx,
  offerKeys: readonly string[],
  now: Date,
): Promise<(typeof draws.$inferSelect)[]> {
  if (offerKeys.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(draws)
    .where(
      and(
        inArray(draws.productOfferKey, [...offerKeys]),
        eq(draws.status, 'DRAW_OPEN'),
        gt(draws.stopAt, now),
      ),
    )
    .orderBy(asc(draws.drawAt), asc(draws.drawNo));
}
