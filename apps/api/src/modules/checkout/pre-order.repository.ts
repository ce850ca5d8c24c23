/** The reads and writes of charging pre-orders: the only file of the charge that touches Drizzle. */
import {
  and,
  checkouts,
  customers,
  type DbOrTx,
  draws,
  eq,
  openDraws,
  type PreOrderAttemptStatus,
  productOffers,
  type SQL,
  scheduledPurchases,
  sql,
} from '@drawhouse/db';

export type ScheduledPurchaseRow = typeof scheduledPurchases.$inferSelect;

/** A pre-order as its charge reads it, locked: its draw, its offer's sale state, its customer. */
export type PreOrderToCharge = {
  purchase: ScheduledPurchaseRow;
  draw: typeof draws.$inferSelect;
  offerOnSale: boolean;
  /** The customer's account state: `active`, `locked` (held by support) or `closed`. */
  customerStatus: string;
  /** The cart of the checkout that scheduled it. */
  cartId: string | null;
};

/** A pre-order as its notice reads it: with its customer and draw. */
export type PreOrderToTell = {
  purchase: ScheduledPurchaseRow;
  drawNo: number;
  email: string;
  firstname: string;
};

const DUE_BATCH = 500;

export function preOrderQueries(db: DbOrTx) {
  return {
    /**
     * Pre-orders to try now, oldest first: active, not charged nor finally refused, whose draw is the
     * first of its offer taking entries (the one on sale), or no longer takes entries (to be refused
     * as closed). `offerKey` narrows it to one offer (its draw just closed).
     */
    async dueIds(now: Date, offerKey?: string): Promise<{ id: string; customerId: string }[]> {
      const onlyOffer: SQL = offerKey ? sql`and d.product_offer_key = ${offerKey}` : sql``;
      const rows = await db.execute(sql`
        select sp.id, sp.customer_id
        from scheduled_purchases sp
        join draws d on d.id = sp.draw_id
        where sp.kind = 'pre_order' and sp.status = 'active' and sp.charged_at is null
          and sp.last_attempt_status is distinct from 'hard_failure'
          ${onlyOffer}
          and (
            not (d.status = 'DRAW_OPEN' and d.stop_at > ${now})
            or not exists (
              select 1 from draws e
              where e.product_offer_key = d.product_offer_key
                and e.status = 'DRAW_OPEN' and e.stop_at > ${now}
                and (e.draw_at, e.draw_no) < (d.draw_at, d.draw_no)
            )
          )
        order by sp.created_at, sp.id
        limit ${DUE_BATCH}`);
      return (rows.rows as { id: string; customer_id: string }[]).map((r) => ({
        id: r.id,
        customerId: r.customer_id,
      }));
    },

    /** The pre-order locked for its charge (after the customer's accounts), with what decides it. */
    async lockForCharge(id: string): Promise<PreOrderToCharge | undefined> {
      const [row] = await db
        .select({
          purchase: scheduledPurchases,
          draw: draws,
          availability: productOffers.availability,
          suspended: productOffers.suspended,
          customerStatus: customers.status,
          cartId: checkouts.cartId,
        })
        .from(scheduledPurchases)
        .innerJoin(draws, eq(draws.id, scheduledPurchases.drawId))
        .innerJoin(customers, eq(customers.id, scheduledPurchases.customerId))
        .leftJoin(productOffers, eq(productOffers.key, scheduledPurchases.productOfferKey))
        .leftJoin(checkouts, eq(checkouts.id, scheduledPurchases.checkoutId))
        .where(and(eq(scheduledPurchases.id, id), eq(scheduledPurchases.kind, 'pre_order')))
        .limit(1)
        .for('update', { of: scheduledPurchases });
      if (!row) return undefined;
      return {
        purchase: row.purchase,
        draw: row.draw,
        offerOnSale: row.availability === 'available' && row.suspended === false,
        customerStatus: row.customerStatus,
        cartId: row.cartId,
      };
    },

    /** The id of the draw on sale now for an offer (the first taking entries). */
    async drawOnSale(offerKey: string, now: Date): Promise<string | undefined> {
      const [first] = await openDraws(db, [offerKey], now);
      return first?.id;
    },

    async markCharged(id: string, orderId: string, now: Date): Promise<void> {
      await db
        .update(scheduledPurchases)
        .set({
          chargedAt: now,
          orderId,
          lastAttemptStatus: 'purchased',
          lastAttemptReason: null,
          lastAttemptAt: now,
        })
        .where(eq(scheduledPurchases.id, id));
    },

    /** Records a refused attempt. */
    async markRefused(
      id: string,
      status: Exclude<PreOrderAttemptStatus, 'purchased'>,
      reason: string,
      now: Date,
    ): Promise<void> {
      await db
        .update(scheduledPurchases)
        .set({
          lastAttemptStatus: status,
          lastAttemptReason: reason,
          lastAttemptAt: now,
        })
        .where(eq(scheduledPurchases.id, id));
    },

    /** A pre-order with its customer and draw, for its notice. */
    async toTell(id: string): Promise<PreOrderToTell | undefined> {
      const [row] = await db
        .select({
          purchase: scheduledPurchases,
          drawNo: draws.drawNo,
          email: customers.email,
          firstname: customers.firstname,
        })
        .from(scheduledPurchases)
        .innerJoin(draws, eq(draws.id, scheduledPurchases.drawId))
        .innerJoin(customers, eq(customers.id, scheduledPurchases.customerId))
        .where(eq(scheduledPurchases.id, id))
        .limit(1);
      return row;
    },
  };
}
