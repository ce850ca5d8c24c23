/**
 * The customer calls' reads and writes of recurring purchases, scheduled purchases, payment
 * resolutions and the recurring purchase method. Every query is bound to the customer, so another
 * customer's rows are never found. The processor's queries are in recurring-processor.repository.ts.
 */
import {
  and,
  asc,
  count,
  customers,
  type DbOrTx,
  desc,
  draws,
  eq,
  funds,
  gameOffers,
  inArray,
  isNull,
  ledgerAccounts,
  ne,
  openDraws,
  recurringPurchaseAttempts,
  recurringPurchases,
  scheduledPurchases,
  sql,
} from '@drawhouse/db';
import { isUuid } from '../results/index.ts';

export type RecurringRow = typeof recurringPurchases.$inferSelect;
export type RecurringType = RecurringRow['type'];
export type RecurringUpdate = Partial<
  Pick<
    RecurringRow,
    | 'status'
    | 'pausedUntil'
    | 'quickpick'
    | 'minimumJackpotCents'
    | 'payload'
    | 'quantity'
    | 'unitPriceCents'
    | 'billingPeriod'
    | 'cancelledAt'
  >
>;
export type ScheduledRow = typeof scheduledPurchases.$inferSelect;
export type DrawRef = { drawNo: number; drawAt: Date };
export type FundRow = typeof funds.$inferSelect;

export function recurringRepository(db: DbOrTx) {
  return {
    /** A page of the customer's recurring purchases of the given types (cancelled ones last), newest first. */
    async list(
      customerId: string,
      types: readonly RecurringType[],
      page: { limit: number; offset: number; offerKeys?: readonly string[] },
    ) {
      const where = and(
        eq(recurringPurchases.customerId, customerId),
        inArray(recurringPurchases.type, [...types]),
        page.offerKeys ? inArray(recurringPurchases.productOfferKey, [...page.offerKeys]) : undefined,
      );
      const rows = await db
        .select()
        .from(recurringPurchases)
        .where(where)
        .orderBy(
          sql`${recurringPurchases.status} = 'cancelled'`,
          desc(recurringPurchases.createdAt),
          desc(recurringPurchases.id),
        )
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(recurringPurchases).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** One of the customer's recurring purchases of the given types; `lock` holds it for an update. */
    async find(customerId: string, id: string, types: readonly RecurringType[], lock = false) {
      if (!isUuid(id)) return undefined;
      const query = db
        .select()
        .from(recurringPurchases)
        .where(
          and(
            eq(recurringPurchases.id, id),
            eq(recurringPurchases.customerId, customerId),
            inArray(recurringPurchases.type, [...types]),
          ),
        );
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async update(id: string, changes: RecurringUpdate, at: Date): Promise<RecurringRow> {
      const [row] = await db
        .update(recurringPurchases)
        .set({ ...changes, updatedAt: at })
        .where(eq(recurringPurchases.id, id))
        .returning();
      if (!row) throw new Error(`recurring purchase ${id} vanished`);
      return row;
    },

    /**
     * The next draw each recurring purchase will buy: the soonest draw of its offer still taking
     * entries (the catalogue's one query of them) that it has not bought, skipped or finally been
     * refused for already; a draw it only soft-failed is still ahead. Keyed by recurring purchase id.
     */
    async nextDraws(rows: readonly RecurringRow[], now: Date): Promise<Map<string, DrawRef>> {
      const offerKeys = [...new Set(rows.map((r) => r.productOfferKey))];
      const ids = rows.map((r) => r.id);
      const [open, decided] = await Promise.all([
        openDraws(db, offerKeys, now),
        ids.length === 0
          ? []
          : db
              .select({
                id: recurringPurchaseAttempts.recurringPurchaseId,
                drawId: recurringPurchaseAttempts.drawId,
              })
              .from(recurringPurchaseAttempts)
              .where(
                and(
                  inArray(recurringPurchaseAttempts.recurringPurchaseId, ids),
                  ne(recurringPurchaseAttempts.status, 'soft_failure'),
                ),
              ),
      ]);
      const done = new Set(decided.map((d) => `${d.id} ${d.drawId}`));
      const next = new Map<string, DrawRef>();
      for (const row of rows) {
        const draw = open.find(
          (d) => d.productOfferKey === row.productOfferKey && !done.has(`${row.id} ${d.id}`),
        );
        if (draw) next.set(row.id, draw);
      }
      return next;
    },

    /** Names of game offers by key. */
    async gameOfferNames(keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: gameOffers.key, name: gameOffers.name })
        .from(gameOffers)
        .where(inArray(gameOffers.key, [...keys]));
      return new Map(rows.map((r) => [r.key, r.name]));
    },

    /** Attempts that still need the customer: soft failures of live purchases and hard failures. */
    async resolutions(customerId: string) {
      return db
        .select({
          attempt: recurringPurchaseAttempts,
          purchase: {
            id: recurringPurchases.id,
            type: recurringPurchases.type,
            payload: recurringPurchases.payload,
            status: recurringPurchases.status,
          },
          draw: { drawNo: draws.drawNo, drawAt: draws.drawAt },
        })
        .from(recurringPurchaseAttempts)
        .innerJoin(
          recurringPurchases,
          eq(recurringPurchases.id, recurringPurchaseAttempts.recurringPurchaseId),
        )
        .leftJoin(draws, eq(draws.id, recurringPurchaseAttempts.drawId))
        .where(
          and(
            eq(recurringPurchaseAttempts.customerId, customerId),
            inArray(recurringPurchaseAttempts.status, ['soft_failure', 'hard_failure']),
            ne(recurringPurchases.status, 'cancelled'),
          ),
        )
        .orderBy(desc(recurringPurchaseAttempts.updatedAt), desc(recurringPurchaseAttempts.id))
        .limit(100);
    },

    async scheduledList(customerId: string) {
      return db
        .select({ row: scheduledPurchases, draw: { drawNo: draws.drawNo, drawAt: draws.drawAt } })
        .from(scheduledPurchases)
        .leftJoin(draws, eq(draws.id, scheduledPurchases.drawId))
        .where(eq(scheduledPurchases.customerId, customerId))
        .orderBy(
          sql`${scheduledPurchases.status} = 'cancelled'`,
          desc(scheduledPurchases.createdAt),
          desc(scheduledPurchases.id),
        )
        .limit(200);
    },

    async scheduled(customerId: string, id: string, lock = false) {
      if (!isUuid(id)) return undefined;
      const query = db
        .select({ row: scheduledPurchases, draw: { drawNo: draws.drawNo, drawAt: draws.drawAt } })
        .from(scheduledPurchases)
        .leftJoin(draws, eq(draws.id, scheduledPurchases.drawId))
        .where(and(eq(scheduledPurchases.id, id), eq(scheduledPurchases.customerId, customerId)));
      const [found] = lock ? await query.for('update', { of: scheduledPurchases }) : await query;
      return found;
    },

    /** Cancels a pre-order still to charge; false when it was charged or cancelled meanwhile. */
    async cancelScheduled(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(scheduledPurchases)
        .set({ status: 'cancelled', cancelledAt: at })
        .where(
          and(
            eq(scheduledPurchases.id, id),
            eq(scheduledPurchases.status, 'active'),
            isNull(scheduledPurchases.chargedAt),
          ),
        )
        .returning({ id: scheduledPurchases.id });
      return rows.length === 1;
    },

    async methodKey(customerId: string): Promise<string> {
      const [row] = await db
        .select({ key: customers.recurringPurchaseMethodKey })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.key ?? 'wallet';
    },

    async setMethodKey(customerId: string, key: string): Promise<void> {
      await db.update(customers).set({ recurringPurchaseMethodKey: key }).where(eq(customers.id, customerId));
    },

    /** The customer's saved cards, not removed. */
    async cards(customerId: string): Promise<FundRow[]> {
      return db
        .select()
        .from(funds)
        .where(and(eq(funds.customerId, customerId), eq(funds.type, 'card'), isNull(funds.removedAt)))
        .orderBy(desc(funds.isDefault), asc(funds.createdAt));
    },

    /** Cents the customer's cash wallet can spend now (posted less held); 0 before any money moved. */
    async walletAvailableCents(customerId: string): Promise<number> {
      const [row] = await db
        .select({
          available: sql<string>`coalesce(sum(${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.debitsPending}), 0)`,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.customerId, customerId), eq(ledgerAccounts.kind, 'wallet')));
      return Number(row?.available ?? 0);
    },
  };
}

export type RecurringRepository = ReturnType<typeof recurringRepository>;
