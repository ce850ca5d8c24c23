/** Checkout's reads and writes. The only file of the module that touches Drizzle. */
import {
  and,
  asc,
  type CartItemPayload,
  type CartProductType,
  type CartRecurringPurchase,
  checkouts,
  customers,
  type DbOrTx,
  draws,
  eq,
  gte,
  inArray,
  type OrderPurchaseStatus,
  orders,
  productOffers,
  RIDDEN_DRAWS_JOIN,
  raffles,
  raffleTicketNumbers,
  scheduledPurchases,
  sql,
  syndicateDrawShares,
  tickets,
} from '@drawhouse/db';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type DrawRow = typeof draws.$inferSelect;
export type ScheduledPurchaseRow = typeof scheduledPurchases.$inferSelect;
export type OfferInfo = Pick<typeof productOffers.$inferSelect, 'key' | 'name' | 'type'>;

/** Postgres refused a row because a check constraint failed (the raffle's stock). */
function isCheckViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const pg = cause as { code?: string; constraint?: string };
  return pg.code === '23514' && pg.constraint === constraint;
}

export type NewOrder = {
  id: string;
  checkoutId: string;
  customerId: string;
  productType: CartProductType;
  productOfferKey: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  numDraws: number;
  firstDrawNo: number | null;
  purchaseStatus: OrderPurchaseStatus;
  payload: CartItemPayload;
  recurringPurchase: CartRecurringPurchase | null;
  /** A lotto party line's session. */
  socialSyndicateId?: string | null;
};

export type NewTicket = {
  id: string;
  orderId: string;
  customerId: string;
  drawId: string;
  productOfferKey: string;
  games: Record<string, number[]>[];
  numShares: number | null;
};

export function checkoutQueries(db: DbOrTx) {
  /** Checkout rows, those already there left alone: answers the ids written now. */
  async function insertCheckouts(rows: (typeof checkouts.$inferInsert)[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await db
      .insert(checkouts)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: checkouts.id });
    return inserted.map((r) => r.id);
  }

  return {
    async insertCheckout(row: typeof checkouts.$inferInsert): Promise<boolean> {
      return (await insertCheckouts([row])).length === 1;
    },

    insertCheckouts,

    async insertOrders(rows: NewOrder[]): Promise<void> {
      if (rows.length > 0) await db.insert(orders).values(rows);
    },

    async insertTickets(rows: NewTicket[]): Promise<void> {
      if (rows.length > 0) await db.insert(tickets).values(rows);
    },

    async insertScheduledPurchases(rows: (typeof scheduledPurchases.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(scheduledPurchases).values(rows);
    },

    /** The draws an entry of `numDraws` draws from `firstDrawNo` enters, soonest first (those scheduled yet). */
    async drawsFrom(offerKey: string, firstDrawNo: number, numDraws: number): Promise<DrawRow[]> {
      return db
        .select()
        .from(draws)
        .where(and(eq(draws.productOfferKey, offerKey), gte(draws.drawNo, firstDrawNo)))
        .orderBy(asc(draws.drawNo))
        .limit(numDraws);
    },

    /**
     * Locks (`for share`, in id order) the draws `drawIds` and the draws they ride, and answers each
     * one's status and stop time, with the draws each of `drawIds` rides. A close takes its draw `for
     * update`, so it waits for a purchase holding the lock, and a purchase after the close reads the
     * closed draw.
     */
    async lockDrawsSold(drawIds: readonly string[]): Promise<{
      draws: Map<string, Pick<DrawRow, 'status' | 'stopAt'>>;
      ridden: Map<string, string[]>;
    }> {
      const ridden = new Map<string, string[]>();
      if (drawIds.length === 0) return { draws: new Map(), ridden };
      const list = (ids: readonly string[]) =>
        sql.join(
          [...new Set(ids)].map((id) => sql`${id}::uuid`),
          sql`, `,
        );
      const pairs = await db.execute<{ rider: string; ridden: string }>(
        sql`select rider_d.id as rider, ridden_d.id as ridden from ${RIDDEN_DRAWS_JOIN}
          where rider_d.id in (${list(drawIds)})`,
      );
      for (const p of pairs.rows) ridden.set(p.rider, [...(ridden.get(p.rider) ?? []), p.ridden]);
      const locked = await db.execute<{ id: string; status: DrawRow['status']; stop_at: Date | string }>(
        sql`select d.id, d.status, d.stop_at from ${draws} d
          where d.id in (${list([...drawIds, ...pairs.rows.map((p) => p.ridden)])})
          order by d.id
          for share of d`,
      );
      const rows = new Map(
        locked.rows.map((r) => [r.id, { status: r.status, stopAt: new Date(r.stop_at) }] as const),
      );
      return { draws: rows, ridden };
    },

    async drawById(id: string): Promise<DrawRow | undefined> {
      const [row] = await db.select().from(draws).where(eq(draws.id, id)).limit(1);
      return row;
    },

    /**
     * Sells `count` tickets of a raffle: the database adds them to `tickets_sold` (its check refuses
     * going past the stock, and the row lock orders concurrent buyers) and the numbers
     * sold-count+1..sold are the buyer's. Undefined when the raffle has not enough left.
     */
    async takeRaffleNumbers(offerKey: string, count: number): Promise<number[] | undefined> {
      try {
        const [row] = await db
          .update(raffles)
          .set({ ticketsSold: sql`${raffles.ticketsSold} + ${count}` })
          .where(eq(raffles.productOfferKey, offerKey))
          .returning({ sold: raffles.ticketsSold });
        if (!row) return undefined;
        return Array.from({ length: count }, (_, i) => row.sold - count + 1 + i);
      } catch (error) {
        if (isCheckViolation(error, 'raffles_tickets_check')) return undefined;
        throw error;
      }
    },

    async insertRaffleNumbers(
      offerKey: string,
      drawId: string,
      ticketId: string,
      numbers: number[],
    ): Promise<void> {
      if (numbers.length === 0) return;
      await db
        .insert(raffleTicketNumbers)
        .values(numbers.map((number) => ({ productOfferKey: offerKey, drawId, number, ticketId })));
    },

    /**
     * Sells `count` shares of a syndicate draw, in one statement: the draw's count starts with its
     * first share (the offer's total copied), and is refused once the close has decided the draw or
     * when not enough are left; the row lock orders concurrent buyers and the table's check is the
     * last word. False when the shares were not sold.
     */
    async takeSyndicateShares(offerKey: string, drawId: string, count: number): Promise<boolean> {
      const rows = await db.execute(
        sql`insert into ${syndicateDrawShares} as s (draw_id, total_shares, shares_sold)
          select d.id, o.syndicate_total_shares, ${count}::int
            from ${draws} d join ${productOffers} o on o.key = d.product_offer_key
            where d.id = ${drawId} and o.key = ${offerKey} and d.status = 'DRAW_OPEN'
              and o.syndicate_total_shares >= ${count}::int
          on conflict (draw_id) do update set shares_sold = s.shares_sold + excluded.shares_sold
            where s.outcome is null and s.shares_sold + excluded.shares_sold <= s.total_shares
          returning s.draw_id`,
      );
      return rows.rows.length === 1;
    },

    /** A checkout of the customer (undefined for another customer's). */
    async checkoutOf(customerId: string, checkoutId: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.customerId, customerId)))
        .limit(1);
      return row;
    },

    /** Everything a receipt shows of a checkout: orders, their tickets with draws and numbers, pre-orders. */
    async receiptRows(checkoutId: string) {
      const orderRows = await db
        .select()
        .from(orders)
        .where(eq(orders.checkoutId, checkoutId))
        .orderBy(asc(orders.createdAt), asc(orders.id));
      const orderIds = orderRows.map((o) => o.id);
      const ticketRows =
        orderIds.length === 0
          ? []
          : await db
              .select({ ticket: tickets, draw: draws })
              .from(tickets)
              .innerJoin(draws, eq(draws.id, tickets.drawId))
              .where(inArray(tickets.orderId, orderIds))
              .orderBy(asc(draws.drawAt), asc(tickets.id));
      const ticketIds = ticketRows.map((t) => t.ticket.id);
      const numbers =
        ticketIds.length === 0
          ? []
          : await db
              .select()
              .from(raffleTicketNumbers)
              .where(inArray(raffleTicketNumbers.ticketId, ticketIds))
              .orderBy(asc(raffleTicketNumbers.number));
      const scheduled = await db
        .select({ purchase: scheduledPurchases, draw: draws })
        .from(scheduledPurchases)
        .leftJoin(draws, eq(draws.id, scheduledPurchases.drawId))
        .where(eq(scheduledPurchases.checkoutId, checkoutId))
        .orderBy(asc(scheduledPurchases.createdAt), asc(scheduledPurchases.id));
      const keys = [
        ...new Set([
          ...orderRows.map((o) => o.productOfferKey),
          ...scheduled.map((s) => s.purchase.productOfferKey),
        ]),
      ];
      const offers =
        keys.length === 0
          ? []
          : await db
              .select({ key: productOffers.key, name: productOffers.name, type: productOffers.type })
              .from(productOffers)
              .where(inArray(productOffers.key, keys));
      return { orders: orderRows, tickets: ticketRows, numbers, scheduled, offers };
    },

    /** Whether the customer had bought before this checkout (the first purchase is a goal of its own). */
    async hasEarlierCheckout(customerId: string, checkout: CheckoutRow): Promise<boolean> {
      const [row] = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.customerId, customerId),
            sql`(${checkouts.createdAt}, ${checkouts.id}) < (${checkout.createdAt}, ${checkout.id})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** What a deposit brought in (0 when there is none). */
    /** Who a receipt email goes to. */
    async customerContact(customerId: string) {
      const [row] = await db
        .select({ email: customers.email, firstname: customers.firstname })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1);
      return row;
    },
  };
}

export type CheckoutQueries = ReturnType<typeof checkoutQueries>;
