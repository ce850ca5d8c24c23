/**
 * The orders module's reads: a customer's orders (upcoming or past), their tickets with winning
 * lines, payouts and raffle numbers, and the offers to buy again. The only file of the module that
 * touches Drizzle; every query is bound to the customer, so another customer's rows are never found.
 */
import {
  and,
  asc,
  count,
  type DbOrTx,
  desc,
  draws,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  openDraws,
  orders,
  productOffers,
  raffleTicketNumbers,
  type SQL,
  sql,
  syndicateEntries,
  syndicateShareRefunds,
  ticketPayouts,
  tickets,
  ticketWins,
} from '@drawhouse/db';
import { publishedAs } from '../results/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type WinRow = typeof ticketWins.$inferSelect;
export type PayoutRow = typeof ticketPayouts.$inferSelect;
export type OrderListStatus = 'upcoming_products' | 'past_products';

/** The order has a ticket in a draw whose results are not published yet. */
const hasUpcomingTicket = sql`exists (
  select 1 from ${tickets} t join ${draws} d on d.id = t.draw_id
  left join draw_results r on r.draw_id = d.id
  where t.order_id = ${orders.id}
    and not ${publishedAs('d', 'r')}
)`;
const hasTicket = sql`exists (select 1 from ${tickets} t where t.order_id = ${orders.id})`;

export function ordersRepository(db: DbOrTx) {
  return {
    async orders(customerId: string, status: OrderListStatus, limit: number, offset: number) {
      // Upcoming: a draw still to come (or a pre-order not yet charged); past: every draw has its result.
      const which: SQL =
        status === 'upcoming_products'
          ? sql`(${hasUpcomingTicket} or not ${hasTicket})`
          : sql`(${hasTicket} and not ${hasUpcomingTicket})`;
      // Lotto party shares are listed with their session (`/orders/social_syndicate_session/{id}`).
      const where = and(
        eq(orders.customerId, customerId),
        ne(orders.productType, 'membership'),
        isNull(orders.socialSyndicateId),
        which,
      );
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async offerNames(keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: productOffers.key, name: productOffers.name })
        .from(productOffers)
        .where(inArray(productOffers.key, [...keys]));
      return new Map(rows.map((r) => [r.key, r.name]));
    },

    async order(customerId: string, orderId: string): Promise<OrderRow | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
        .limit(1);
      return rows[0];
    },

    ordersById(customerId: string, orderIds: readonly string[]): Promise<OrderRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), inArray(orders.id, [...orderIds])));
    },

    async ticket(customerId: string, ticketId: string): Promise<TicketRow | undefined> {
      const rows = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), eq(tickets.customerId, customerId)))
        .limit(1);
      return rows[0];
    },

    ticketsOfOrders(customerId: string, orderIds: readonly string[]): Promise<TicketRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(tickets)
        .innerJoin(draws, eq(draws.id, tickets.drawId))
        .where(and(eq(tickets.customerId, customerId), inArray(tickets.orderId, [...orderIds])))
        .orderBy(asc(draws.drawAt), asc(tickets.id))
        .then((rows) => rows.map((r) => r.tickets));
    },

    ticketsInDraws(customerId: string, drawIds: readonly string[]): Promise<TicketRow[]> {
      if (drawIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(tickets)
        .where(and(eq(tickets.customerId, customerId), inArray(tickets.drawId, [...drawIds])))
        .orderBy(asc(tickets.createdAt), asc(tickets.id));
    },

    /**
     * Winning lines, payouts and raffle numbers of tickets, the syndicate entries of their draws, and
     * the shares refunded when their syndicate draw was cancelled.
     */
    async ticketFacts(ticketRows: readonly TicketRow[]) {
      if (ticketRows.length === 0)
        return { wins: [], payouts: [], raffleNumbers: [], syndicateEntries: [], refunds: [] };
      const ids = ticketRows.map((t) => t.id);
      const drawIds = [...new Set(ticketRows.filter((t) => t.numShares !== null).map((t) => t.drawId))];
      const [wins, payouts, raffleNumbers, entries, refunds] = await Promise.all([
        db
          .select()
          .from(ticketWins)
          .where(inArray(ticketWins.ticketId, ids))
          .orderBy(asc(ticketWins.gameIndex), asc(ticketWins.division)),
        db.select().from(ticketPayouts).where(inArray(ticketPayouts.ticketId, ids)),
        db
          .select({ ticketId: raffleTicketNumbers.ticketId, number: raffleTicketNumbers.number })
          .from(raffleTicketNumbers)
          .where(inArray(raffleTicketNumbers.ticketId, ids))
          .orderBy(asc(raffleTicketNumbers.number)),
        drawIds.length === 0
          ? []
          : db
              .select({
                drawId: syndicateEntries.drawId,
                gameType: syndicateEntries.gameType,
                games: syndicateEntries.games,
              })
              .from(syndicateEntries)
              .where(inArray(syndicateEntries.drawId, drawIds)),
        drawIds.length === 0
          ? []
          : db
              .select({
                ticketId: syndicateShareRefunds.ticketId,
                refundCents: syndicateShareRefunds.refundCents,
              })
              .from(syndicateShareRefunds)
              .where(inArray(syndicateShareRefunds.ticketId, ids)),
      ]);
      return { wins, payouts, raffleNumbers, syndicateEntries: entries, refunds };
    },

    /**
     * Offers the customer bought since `since` (memberships aside) that have a draw on sale now, the
     * latest order of each first.
     */
    async recommended(customerId: string, since: Date, now: Date, limit: number) {
      const latest = await db
        .selectDistinctOn([orders.productOfferKey], { order: orders })
        .from(orders)
        .innerJoin(productOffers, eq(productOffers.key, orders.productOfferKey))
        .where(
          and(
            eq(orders.customerId, customerId),
            ne(orders.productType, 'membership'),
            isNull(orders.socialSyndicateId),
            gte(orders.createdAt, since),
            eq(productOffers.availability, 'available'),
            eq(productOffers.suspended, false),
            eq(productOffers.published, true),
          ),
        )
        .orderBy(orders.productOfferKey, desc(orders.createdAt));
      const onSale = await openDraws(
        db,
        latest.map((r) => r.order.productOfferKey),
        now,
      );
      return latest
        .map(({ order }) => ({
          order,
          nextDraw: onSale.find((d) => d.productOfferKey === order.productOfferKey),
        }))
        .flatMap(({ order, nextDraw }) => (nextDraw ? [{ order, nextDrawId: nextDraw.id }] : []))
        .sort((a, b) => b.order.createdAt.getTime() - a.order.createdAt.getTime())
        .slice(0, limit);
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
