/**
 * The writes of starting recurring purchases at checkout, in the purchase's own transaction.
 */
import {
  type DbOrTx,
  inArray,
  productOffers,
  type RecurringPurchase,
  recurringPurchaseAttempts,
  recurringPurchases,
  sql,
} from '@drawhouse/db';

export type NewRecurringPurchase = typeof recurringPurchases.$inferInsert & { id: string };

export function checkoutRecurringQueries(db: DbOrTx) {
  return {
    /** What each offer allows of recurring purchases. */
    async offersRecurring(keys: string[]): Promise<Map<string, RecurringPurchase>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: productOffers.key, recurring: productOffers.recurringPurchase })
        .from(productOffers)
        .where(inArray(productOffers.key, keys));
      return new Map(rows.flatMap((r) => (r.recurring ? [[r.key, r.recurring] as const] : [])));
    },

    async insertRecurringPurchases(rows: NewRecurringPurchase[]): Promise<void> {
      if (rows.length > 0) await db.insert(recurringPurchases).values(rows);
    },

    /** The draws an order entered, recorded as bought for the recurring purchase it started. */
    async recordBoughtDraws(id: string, customerId: string, orderId: string, at: Date): Promise<void> {
      await db.execute(sql`
        insert into recurring_purchase_attempts
          (recurring_purchase_id, customer_id, draw_id, period_key, status, order_id, created_at, updated_at)
        select ${id}, ${customerId}, t.draw_id, t.draw_id::text, 'purchased', ${orderId}, ${at}, ${at}
        from tickets t where t.order_id = ${orderId}
        on conflict (recurring_purchase_id, period_key) do nothing`);
    },

    /** A membership's billing period recorded as bought. */
    async recordBoughtPeriod(
      id: string,
      customerId: string,
      periodKey: string,
      orderId: string,
      at: Date,
    ): Promise<void> {
      await db
        .insert(recurringPurchaseAttempts)
        .values({
          recurringPurchaseId: id,
          customerId,
          periodKey,
          status: 'purchased',
          orderId,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing();
    },
  };
}
