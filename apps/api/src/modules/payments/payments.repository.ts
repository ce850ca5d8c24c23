/** The payments module's reads and writes: funds, deposits, sandbox card tokens. The only file of the module that touches Drizzle. */
import {
  and,
  asc,
  customers,
  type DbOrTx,
  type DepositPurpose,
  type DepositStatus,
  deposits,
  desc,
  eq,
  funds,
  inArray,
  isNull,
  lt,
  sandboxCardTokens,
  sandboxCharges,
  sql,
} from '@drawhouse/db';

export type FundRow = typeof funds.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type SandboxTokenRow = typeof sandboxCardTokens.$inferSelect;
export type NewFund = Omit<typeof funds.$inferInsert, 'id' | 'createdAt' | 'removedAt'>;
export type NewDeposit = typeof deposits.$inferInsert & { id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from a request are uuids or nothing: a malformed one finds no row instead of failing the query. */
const isUuid = (id: string) => UUID.test(id);

/** Deposits waiting for the customer (a challenge, an approval): they expire when abandoned. */
export const AWAITING_CUSTOMER: DepositStatus[] = ['awaiting_challenge', 'awaiting_approval'];

export function paymentsRepository(db: DbOrTx) {
  return {
    async insertSandboxToken(row: typeof sandboxCardTokens.$inferInsert): Promise<void> {
      await db.insert(sandboxCardTokens).values(row);
    },

    async sandboxToken(token: string): Promise<SandboxTokenRow | undefined> {
      const [row] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token));
      return row;
    },

    /** Marks a token used; false when it was used already (a token saves one fund, once). */
    async useSandboxToken(token: string, at: Date): Promise<boolean> {
      const used = await db
        .update(sandboxCardTokens)
        .set({ usedAt: at })
        .where(and(eq(sandboxCardTokens.token, token), isNull(sandboxCardTokens.usedAt)))
        .returning({ token: sandboxCardTokens.token });
      return used.length === 1;
    },

    /** The customer's live funds (not removed), oldest first. */
    async customerFunds(customerId: string): Promise<FundRow[]> {
      return db
        .select()
        .from(funds)
        .where(and(eq(funds.customerId, customerId), isNull(funds.removedAt)))
        .orderBy(asc(funds.createdAt), asc(funds.id));
    },

    /** A live fund of this customer; another customer's fund reads as missing. */
    async customerFund(customerId: string, fundId: string): Promise<FundRow | undefined> {
      if (!isUuid(fundId)) return undefined;
      const [row] = await db
        .select()
        .from(funds)
        .where(and(eq(funds.id, fundId), eq(funds.customerId, customerId), isNull(funds.removedAt)));
      return row;
    },

    async fundById(fundId: string): Promise<FundRow | undefined> {
      if (!isUuid(fundId)) return undefined;
      const [row] = await db.select().from(funds).where(eq(funds.id, fundId));
      return row;
    },

    async insertFund(row: NewFund): Promise<FundRow> {
      const [inserted] = await db.insert(funds).values(row).returning();
      if (!inserted) throw new Error('fund insert returned nothing');
      return inserted;
    },

    /** Makes one fund the default of its type (the others of that type stop being it). */
    async setDefault(fund: FundRow): Promise<void> {
      await db
        .update(funds)
        .set({ isDefault: false })
        .where(
          and(eq(funds.customerId, fund.customerId), eq(funds.type, fund.type), eq(funds.isDefault, true)),
        );
      await db.update(funds).set({ isDefault: true }).where(eq(funds.id, fund.id));
    },

    async removeFund(fundId: string, at: Date): Promise<void> {
      await db.update(funds).set({ removedAt: at, isDefault: false }).where(eq(funds.id, fundId));
    },

    /**
     * Removes a card of the customer that has never paid: no deposit with it succeeded or is still
     * under way. Answers whether it did.
     */
    async removeUnpaidCard(customerId: string, fundId: string, at: Date): Promise<boolean> {
      if (!isUuid(fundId)) return false;
      const removed = await db
        .update(funds)
        .set({ removedAt: at, isDefault: false })
        .where(
          and(
            eq(funds.id, fundId),
            eq(funds.customerId, customerId),
            eq(funds.type, 'card'),
            isNull(funds.removedAt),
            sql`not exists (select 1 from ${deposits} d where d.fund_id = ${funds.id}
              and d.status not in ('declined', 'cancelled', 'expired'))`,
          ),
        )
        .returning({ id: funds.id });
      return removed.length === 1;
    },

    async insertDeposit(row: NewDeposit): Promise<DepositRow> {
      const [inserted] = await db.insert(deposits).values(row).returning();
      if (!inserted) throw new Error('deposit insert returned nothing');
      return inserted;
    },

    async deposit(depositId: string): Promise<DepositRow | undefined> {
      if (!isUuid(depositId)) return undefined;
      const [row] = await db.select().from(deposits).where(eq(deposits.id, depositId));
      return row;
    },

    /** A deposit with its fund (if any) and its customer's name and address, for its notice. */
    async depositToTell(depositId: string) {
      if (!isUuid(depositId)) return undefined;
      const [row] = await db
        .select({ deposit: deposits, fund: funds, email: customers.email, firstname: customers.firstname })
        .from(deposits)
        .innerJoin(customers, eq(customers.id, deposits.customerId))
        .leftJoin(funds, eq(funds.id, deposits.fundId))
        .where(eq(deposits.id, depositId));
      return row;
    },

    /** Locks a deposit row until the transaction ends (take the customer's ledger lock first). */
    async lockDeposit(depositId: string): Promise<DepositRow | undefined> {
      if (!isUuid(depositId)) return undefined;
      const [row] = await db.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
      return row;
    },

    async customerDeposit(customerId: string, depositId: string): Promise<DepositRow | undefined> {
      if (!isUuid(depositId)) return undefined;
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, depositId), eq(deposits.customerId, customerId)));
      return row;
    },

    async depositByGatewayReference(gateway: string, reference: string): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.gateway, gateway), eq(deposits.gatewayReference, reference)));
      return row;
    },

    async updateDeposit(
      depositId: string,
      change: Partial<{
        status: DepositStatus;
        gatewayReference: string | null;
        pendingTransferId: string | null;
        checkoutId: string | null;
        failureCode: string | null;
        failureMessage: string | null;
        purpose: DepositPurpose;
      }>,
      at: Date,
    ): Promise<DepositRow> {
      const [row] = await db
        .update(deposits)
        .set({ ...change, updatedAt: at })
        .where(eq(deposits.id, depositId))
        .returning();
      if (!row) throw new Error(`no deposit ${depositId}`);
      return row;
    },

    /** Deposits still waiting for the customer that were started before `before`, oldest first. */
    async abandonedDeposits(before: Date, limit: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(deposits)
        .where(and(inArray(deposits.status, AWAITING_CUSTOMER), lt(deposits.createdAt, before)))
        .orderBy(asc(deposits.createdAt))
        .limit(limit);
    },

    /** Deposits through `gateway` left `charging` since before `before`, oldest first (their answer was lost). */
    async chargingDeposits(gateway: string, before: Date, limit: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(deposits)
        .where(
          and(eq(deposits.status, 'charging'), eq(deposits.gateway, gateway), lt(deposits.createdAt, before)),
        )
        .orderBy(asc(deposits.createdAt))
        .limit(limit);
    },

    /** What the sandbox answered a deposit's charge, if it was charged. */
    async sandboxCharge(depositId: string): Promise<Record<string, unknown> | undefined> {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.depositId, depositId));
      return row?.outcome;
    },

    /** Keeps the sandbox's answer to a deposit's charge; the first kept is the answer. */
    async keepSandboxCharge(depositId: string, outcome: Record<string, unknown>, at: Date): Promise<void> {
      await db.insert(sandboxCharges).values({ depositId, outcome, createdAt: at }).onConflictDoNothing();
    },

    /** The customer who quotes a BPAY or bank reference (from an earlier deposit with it). */
    async customerOfReference(methodCode: string, reference: string): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: deposits.customerId })
        .from(deposits)
        .where(and(eq(deposits.methodCode, methodCode), eq(deposits.customerReference, reference)))
        .limit(1);
      return row?.customerId;
    },

    /** The oldest deposit awaiting reconciliation with this reference and amount. */
    async awaitingReconciliation(
      methodCode: string,
      reference: string,
      amountCents: number,
    ): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.methodCode, methodCode),
            eq(deposits.customerReference, reference),
            eq(deposits.status, 'awaiting_reconciliation'),
            eq(deposits.amountCents, amountCents),
          ),
        )
        .orderBy(asc(deposits.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    /** BPAY and bank transfer deposits waiting for their bank statement line, oldest first, with their customer. */
    async awaitingReconciliationPage(limit: number, offset: number) {
      const where = eq(deposits.status, 'awaiting_reconciliation');
      const rows = await db
        .select({
          deposit: deposits,
          email: customers.email,
          name: sql<string>`${customers.firstname} || ' ' || ${customers.lastname}`,
        })
        .from(deposits)
        .innerJoin(customers, eq(customers.id, deposits.customerId))
        .where(where)
        .orderBy(asc(deposits.createdAt), asc(deposits.id))
        .limit(limit)
        .offset(offset);
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(deposits).where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** A customer's email and name, as the back office shows who was credited. */
    async customerRef(customerId: string) {
      const [row] = await db
        .select({
          id: customers.id,
          email: customers.email,
          name: sql<string>`${customers.firstname} || ' ' || ${customers.lastname}`,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },

    /** The customer's tries of one off-session charge (its funding key), oldest first. */
    async depositsByFundingKey(customerId: string, key: string): Promise<DepositRow[]> {
      return db
        .select()
        .from(deposits)
        .where(and(eq(deposits.customerId, customerId), eq(deposits.fundingKey, key)))
        .orderBy(asc(deposits.createdAt), asc(deposits.id));
    },

    async recentDeposits(customerId: string, limit: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(deposits)
        .where(eq(deposits.customerId, customerId))
        .orderBy(desc(deposits.createdAt))
        .limit(limit);
    },

    /** Locks in the database for this transaction: keeps two reconciliations of one bank line apart. */
    async lockKey(key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
