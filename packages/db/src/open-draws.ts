/**
 * The one query of the draws that take entries: status DRAW_OPEN and the stop time still ahead (the
 * domain's `takesEntries`), soonest first, and no draw it rides closed. The catalogue, the cart and
 * the demo seed all read draws on sale through it; which of them are listed and sold is the domain's
 * `listedDraws`.
 *
 * A draw rides another when its entry is decided by that draw's balls: a syndicate's draw rides the
 * draw of the same number of its lottery's own offer (the offer keyed by the lottery's key), a Lotto
 * Strike draw the draw at the same time of each linked lottery's own offer. A rider sells only while
 * the draw it rides takes entries too, so closing a lottery draw early stops its riders at once.
 */
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { draws } from './schema/index.ts';

/**
 * How a draw `rider` of offer `rider_o` (with its lottery `rider_l`) rides draw `ridden_d`: the one
 * rule, for a join condition.
 */
const rides = (
  rider: string,
) => `(rider_o.type = 'syndicate_share' and ridden_d.product_offer_key = rider_o.lottery_key
      and ridden_d.draw_no = ${rider}.draw_no)
    or (rider_o.type = 'lottery_ticket' and ridden_d.product_offer_key = any(rider_l.linked_lottery_keys)
      and ridden_d.draw_at = ${rider}.draw_at)`;

/**
 * `draws rider_d ... join draws ridden_d`: each draw (`rider_d`) with the draws it rides (`ridden_d`),
 * for a FROM clause; a draw that rides nothing has no row. The text, for statements written as SQL.
 */
export const RIDDEN_DRAWS_FROM = `draws rider_d
  join product_offers rider_o on rider_o.key = rider_d.product_offer_key
  left join lotteries rider_l on rider_l.key = rider_o.lottery_key
  join draws ridden_d on (${rides('rider_d')})`;

/** `RIDDEN_DRAWS_FROM` for Drizzle queries. */
export const RIDDEN_DRAWS_JOIN: SQL = sql.raw(RIDDEN_DRAWS_FROM);

/**
 * Whether draw `alias` rides a draw no longer taking entries at the instant `now` (SQL text): a
 * subquery on that one draw's offer and the draws it rides, so each draw is checked on its own. The
 * two ways of riding are two subqueries, each found by an index (offer and number; offer and time),
 * where one `rides` join would read every draw of the ridden offers.
 */
function ridesClosedSql(alias: string, now: string): string {
  const closed = `(ridden_d.status <> 'DRAW_OPEN' or ridden_d.stop_at <= ${now})`;
  return `(exists (select 1 from product_offers rider_o
    join draws ridden_d on ridden_d.product_offer_key = rider_o.lottery_key and ridden_d.draw_no = ${alias}.draw_no
    where rider_o.key = ${alias}.product_offer_key and rider_o.type = 'syndicate_share' and ${closed})
  or exists (select 1 from product_offers rider_o
    join lotteries rider_l on rider_l.key = rider_o.lottery_key
    join draws ridden_d on ridden_d.product_offer_key = any(rider_l.linked_lottery_keys)
      and ridden_d.draw_at = ${alias}.draw_at
    where rider_o.key = ${alias}.product_offer_key and rider_o.type = 'lottery_ticket' and ${closed}))`;
}

/**
 * The condition, as SQL text, that draw `alias` takes entries at the instant in parameter `now`
 * (`$2`): open, its stop time ahead, and no draw it rides closed. `openDraws` in SQL.
 */
export function takesEntriesSql(alias: string, now: string): string {
  return `${alias}.status = 'DRAW_OPEN' and ${alias}.stop_at > ${now}::timestamptz
    and not ${ridesClosedSql(alias, `${now}::timestamptz`)}`;
}

/** The condition, as SQL text, that draw `alias` no longer takes entries at the instant in parameter `now`. */
export function closedSql(alias: string, now: string): string {
  return `(${alias}.status <> 'DRAW_OPEN' or ${alias}.stop_at <= ${now}::timestamptz
    or ${ridesClosedSql(alias, `${now}::timestamptz`)})`;
}

/** True for a row of `draws` that rides a draw no longer taking entries at `now`. */
export function ridesClosedDraw(now: Date): SQL {
  return sql.raw(ridesClosedSql('draws', `'${now.toISOString()}'::timestamptz`));
}

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
        sql`not ${ridesClosedDraw(now)}`,
      ),
    )
    .orderBy(asc(draws.drawAt), asc(draws.drawNo));
}
