/**
 * The reads and writes of buying recurring purchases: the only file of the processor that touches
 * Drizzle (checkout starts them: `checkout/checkout-recurring.repository.ts`).
 */
import {
  and,
  asc,
  customers,
  type DbOrTx,
  type draws,
  eq,
  gameOffers,
  inArray,
  openDraws,
  productOffers,
  recurringPurchases,
  type SQL,
  sql,
} from '@drawhouse/db';

export type RecurringPurchaseRow = typeof recurringPurchases.$inferSelect;
export type DrawRow = typeof draws.$inferSelect;
export type AttemptOutcome = 'purchased' | 'soft_failure' | 'hard_failure' | 'skipped';

/** A recurring purchase as its purchase reads it, locked, with what decides it. */
export type RecurringToBuy = {
  purchase: RecurringPurchaseRow;
  /** The customer's account state: `active`, `locked` (held by support) or `closed`. */
  customerStatus: string;
  customerVerified: boolean;
  offerOnSale: boolean;
  /** The recurring purchase method is a saved card (it pays what the wallet leaves). */
  paysByCard: boolean;
  /** The status of this period's attempt so far (undefined: none yet). */
  attemptStatus: AttemptOutcome | undefined;
  /** Its reason (null: none, or no attempt yet). */
  attemptReason: string | null;
};

/** One attempt's outcome for a period, as recorded. */
export type AttemptToRecord = {
  recurringPurchaseId: string;
  customerId: string;
  drawId: string | null;
  periodKey: string;
  status: AttemptOutcome;
  reason: string | null;
  verificationRequired: boolean;
  orderId: string | null;
  at: Date;
};

/** An attempt as its notice reads it: its recurring purchase's entry, its draw, its customer. */
export type AttemptToTell = {
  payload: RecurringPurchaseRow['payload'];
  drawNo: number | null;
  email: string;
  firstname: string;
};

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

export function recurringProcessorQueries(db: DbOrTx) {
  const self = {
    /** Offers with live recurring purchases (the sweep's list). */
    async liveOffers(): Promise<string[]> {
      const rows = await db.execute(sql`
        select distinct product_offer_key as key from recurring_purchases where status <> 'cancelled'`);
      return rowsOf<{ key: string }>(rows).map((r) => r.key);
    },

    /** The draw on sale now for an offer (the first taking entries). */
    async drawOnSale(offerKey: string, now: Date): Promise<DrawRow | undefined> {
      const [first] = await openDraws(db, [offerKey], now);
      return first;
    },

    /**
     * The next `limit` recurring purchases of an offer after `afterId` (keyset on id) that may be
     * due for the draw `periodKey`: active, or paused until a time passed, and not yet bought,
     * skipped or finally refused for it (`periodKey` null: the offer's memberships). `customerId` narrows it to one customer's.
     */
    async dueBatch(args: {
      offerKey: string;
      periodKey: string | null;
      afterId: string | null;
      limit: number;
      now: Date;
      customerId?: string;
    }): Promise<RecurringPurchaseRow[]> {
      const after: SQL = args.afterId ? sql`and rp.id > ${args.afterId}` : sql``;
      const own: SQL = args.customerId ? sql`and rp.customer_id = ${args.customerId}` : sql``;
      // With a draw: the entries not yet decided for it; without one: memberships, billed by period.
      const notDone: SQL = args.periodKey
        ? sql`and rp.product_type <> 'membership' and not exists (
            select 1 from recurring_purchase_attempts a
            where a.recurring_purchase_id = rp.id and a.period_key = ${args.periodKey}
              and a.status <> 'soft_failure')`
        : sql`and rp.product_type = 'membership'`;
      const ids = await db.execute(sql`
        select rp.id from recurring_purchases rp
        where rp.product_offer_key = ${args.offerKey} and rp.status <> 'cancelled'
          and (rp.status = 'active' or (rp.status = 'timed_paused' and rp.paused_until <= ${args.now}))
          ${after} ${own} ${notDone}
        order by rp.id
        limit ${args.limit}`);
      return self.byIds(rowsOf<{ id: string }>(ids).map((r) => r.id));
    },

    /** Recurring purchases by id, in id order (those not found left out). */
    async byIds(ids: readonly string[]): Promise<RecurringPurchaseRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(recurringPurchases)
        .where(inArray(recurringPurchases.id, [...ids]));
      return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    /** The number sets of a lottery entry's game offer (for a fresh quick pick). */
    async numberSets(gameOfferKey: string) {
      const [row] = await db
        .select({ sets: gameOffers.numberSets })
        .from(gameOffers)
        .where(eq(gameOffers.key, gameOfferKey))
        .limit(1);
      return row?.sets;
    },

    /** The recurring purchase locked for its purchase (after the customer's accounts), with what decides it. */
    async lockForBuy(id: string, periodKey: string): Promise<RecurringToBuy | undefined> {
      const [found] = await self.lockManyForBuy([id], periodKey);
      return found;
    },

    /** `lockForBuy` for a batch bought for one draw: locked in id order. */
    async lockManyForBuy(ids: readonly string[], periodKey: string): Promise<RecurringToBuy[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          purchase: recurringPurchases,
          customerStatus: customers.status,
          verifiedAt: customers.verifiedAt,
          methodKey: customers.recurringPurchaseMethodKey,
          availability: productOffers.availability,
          suspended: productOffers.suspended,
          attemptStatus: sql<AttemptOutcome | null>`(select a.status from recurring_purchase_attempts a
            where a.recurring_purchase_id = ${recurringPurchases.id} and a.period_key = ${periodKey})`,
          attemptReason: sql<string | null>`(select a.reason from recurring_purchase_attempts a
            where a.recurring_purchase_id = ${recurringPurchases.id} and a.period_key = ${periodKey})`,
        })
        .from(recurringPurchases)
        .innerJoin(customers, eq(customers.id, recurringPurchases.customerId))
        .leftJoin(productOffers, eq(productOffers.key, recurringPurchases.productOfferKey))
        .where(inArray(recurringPurchases.id, [...ids]))
        .orderBy(asc(recurringPurchases.id))
        .for('update', { of: recurringPurchases });
      return rows.map((row) => ({
        purchase: row.purchase,
        customerStatus: row.customerStatus,
        customerVerified: row.verifiedAt !== null,
        offerOnSale: row.availability === 'available' && row.suspended === false,
        // The column's default, 'wallet', is the wallet method; any other key is a saved card's id.
        paysByCard: row.methodKey !== 'wallet',
        attemptStatus: row.attemptStatus ?? undefined,
        attemptReason: row.attemptReason,
      }));
    },

    /** Timed pauses whose date has passed end: the recurring purchases are active again. */
    async resume(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(recurringPurchases)
        .set({ status: 'active', pausedUntil: null, updatedAt: at })
        .where(and(inArray(recurringPurchases.id, [...ids]), eq(recurringPurchases.status, 'timed_paused')));
    },

    /**
     * Records this period's attempt: one row per (recurring purchase, period), a soft failure
     * overwritten by the next try; one already bought is never overwritten (answers undefined, and
     * the caller rolls back what it bought). Answers the attempt's id.
     */
    async recordAttempt(a: AttemptToRecord): Promise<string | undefined> {
      return (await self.recordAttempts([a], a.at)).get(a.recurringPurchaseId);
    },

    /**
     * `recordAttempt` for a batch, in one statement: answers the attempt id of each recurring
     * purchase whose attempt was written (the others were decided for the period already).
     */
    async recordAttempts(list: readonly AttemptToRecord[], at: Date): Promise<Map<string, string>> {
      if (list.length === 0) return new Map();
      const input = JSON.stringify(
        list.map((a) => ({
          recurring_purchase_id: a.recurringPurchaseId,
          customer_id: a.customerId,
          draw_id: a.drawId,
          period_key: a.periodKey,
          status: a.status,
          reason: a.reason,
          verification_required: a.verificationRequired,
          order_id: a.orderId,
          last_status: a.status === 'skipped' ? null : a.status,
        })),
      );
      // One statement: the attempts, and each recurring purchase's last attempt only when written.
      const rows = await db.execute(sql`
        with input as (
          select * from json_to_recordset(${input}::json) as x(recurring_purchase_id uuid, customer_id uuid,
            draw_id uuid, period_key text, status text, reason text, verification_required boolean,
            order_id uuid, last_status text)
        ), attempt as (
          insert into recurring_purchase_attempts as t
            (recurring_purchase_id, customer_id, draw_id, period_key, status, reason, verification_required,
             order_id, created_at, updated_at)
          select recurring_purchase_id, customer_id, draw_id, period_key, status, reason, verification_required,
            order_id, ${at}, ${at}
          from input
          on conflict (recurring_purchase_id, period_key) do update set
            status = excluded.status, reason = excluded.reason,
            verification_required = excluded.verification_required, order_id = excluded.order_id,
            tries = t.tries + 1, updated_at = excluded.updated_at
          where t.status = 'soft_failure'
          returning t.id, t.recurring_purchase_id
        ), last as (
          update recurring_purchases rp set last_attempt_status = i.last_status, last_attempt_reason = i.reason,
            last_attempt_at = ${at}, verification_required = i.verification_required, updated_at = ${at}
          from input i
          where rp.id = i.recurring_purchase_id
            and i.recurring_purchase_id in (select recurring_purchase_id from attempt)
        )
        select id, recurring_purchase_id from attempt`);
      const written = rowsOf<{ id: string; recurring_purchase_id: string }>(rows);
      return new Map(written.map((r) => [r.recurring_purchase_id, r.id]));
    },

    /** An attempt with what its notice says, or undefined if it is gone. */
    async attemptToTell(attemptId: string): Promise<AttemptToTell | undefined> {
      const rows = await db.execute(sql`
        select rp.payload, d.draw_no, c.email, c.firstname
        from recurring_purchase_attempts a
        join recurring_purchases rp on rp.id = a.recurring_purchase_id
        join customers c on c.id = a.customer_id
        left join draws d on d.id = a.draw_id
        where a.id = ${attemptId}`);
      const [row] = rowsOf<{
        payload: RecurringPurchaseRow['payload'];
        draw_no: number | null;
        email: string;
        firstname: string;
      }>(rows);
      return row && { payload: row.payload, drawNo: row.draw_no, email: row.email, firstname: row.firstname };
    },
  };
  return self;
}
