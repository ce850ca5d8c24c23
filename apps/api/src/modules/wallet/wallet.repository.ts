/**
 * The wallet module's reads and writes: the customer's ledger lines, bank accounts and withdrawals.
 * The only file of the module that touches Drizzle (money moves through the ledger module).
 */
import {
  and,
  asc,
  type BankAccountType,
  customers,
  customerTwoFactor,
  type DbOrTx,
  deposits,
  desc,
  eq,
  funds,
  gte,
  inArray,
  isNull,
  ledgerTransfers,
  lt,
  or,
  sql,
  type WithdrawalStatus,
  withdrawals,
} from '@drawhouse/db';
import { PAYPAL_PAYOUTS_GATEWAY } from '../payments/index.ts';

export type FundRow = typeof funds.$inferSelect;
export type CardDepositRow = typeof deposits.$inferSelect;

/** Deposit methods that charge a card through the gateway: their unplayed money goes back to the card. */
export const CARD_DEPOSIT_METHODS = ['cc', 'ap', 'gp'] as const;

/** A move of the customer's cash wallet that decides what of a card deposit was played. */
export type WalletMoveRow = {
  code: 'deposit' | 'purchase';
  amountCents: number;
  createdAt: Date;
  depositId: string | null;
  depositMethod: string | null;
  depositGateway: string | null;
  fund: FundRow | null;
};
export type WithdrawalRow = typeof withdrawals.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a uuid names nothing (and must not reach a uuid column). */
export const isUuid = (value: string) => UUID.test(value);

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

export function walletRepository(db: DbOrTx) {
  return {
    /**
     * A page of transfers into or out of the given accounts, newest first: posted ones and held ones
     * (with how the hold was settled, if it was); the settling transfers are not lines of their own.
     * With `within`, only the lines made from its start until its end (a statement's month).
     */
    async transfers(
      accountIds: number[],
      limit: number,
      offset: number,
      within?: { start: Date; end: Date },
    ) {
      if (accountIds.length === 0) return { rows: [], total: 0 };
      const where = and(
        inArray(ledgerTransfers.flag, ['posted', 'pending']),
        or(
          inArray(ledgerTransfers.debitAccountId, accountIds),
          inArray(ledgerTransfers.creditAccountId, accountIds),
        ),
        within ? gte(ledgerTransfers.createdAt, within.start) : undefined,
        within ? lt(ledgerTransfers.createdAt, within.end) : undefined,
      );
      const rows = await db
        .select({
          id: ledgerTransfers.id,
          debitAccountId: ledgerTransfers.debitAccountId,
          creditAccountId: ledgerTransfers.creditAccountId,
          amountCents: ledgerTransfers.amountCents,
          flag: ledgerTransfers.flag,
          code: ledgerTransfers.code,
          reference: ledgerTransfers.reference,
          description: ledgerTransfers.description,
          createdAt: ledgerTransfers.createdAt,
          // Qualified by hand: drizzle writes a bare "id" here, which the subquery would read as s.id.
          settledAs: sql<
            string | null
          >`(select s.flag from ledger_transfers s where s.pending_id = "ledger_transfers"."id")`,
        })
        .from(ledgerTransfers)
        .where(where)
        .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(ledgerTransfers)
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async bankFunds(customerId: string): Promise<FundRow[]> {
      return db
        .select()
        .from(funds)
        .where(and(eq(funds.customerId, customerId), eq(funds.type, 'bank'), isNull(funds.removedAt)))
        .orderBy(asc(funds.createdAt));
    },

    /** The customer's PayPal payout accounts (not the PayPal fund deposits make). */
    async paypalPayoutFunds(customerId: string): Promise<FundRow[]> {
      return db
        .select()
        .from(funds)
        .where(
          and(
            eq(funds.customerId, customerId),
            eq(funds.type, 'paypal'),
            eq(funds.gateway, PAYPAL_PAYOUTS_GATEWAY),
            isNull(funds.removedAt),
          ),
        )
        .orderBy(asc(funds.createdAt));
    },

    /** Saves a PayPal payout account by its (normalised) email; never the default PayPal fund. */
    async insertPayPalPayoutFund(customerId: string, email: string, createdAt: Date): Promise<FundRow> {
      const [row] = await db
        .insert(funds)
        .values({
          customerId,
          createdAt,
          type: 'paypal',
          methodCode: 'pl',
          gateway: PAYPAL_PAYOUTS_GATEWAY,
          bankDetails: { email },
          holderName: '',
          isDefault: false,
        })
        .returning();
      if (!row) throw new Error('PayPal account not saved');
      return row;
    },

    async fund(customerId: string, id: string): Promise<FundRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(funds)
        .where(and(eq(funds.id, id), eq(funds.customerId, customerId), isNull(funds.removedAt)));
      return row;
    },

    /** Saves a bank account; the first one is the default (a concurrent first loses that race quietly). */
    async insertBankFund(
      customerId: string,
      type: BankAccountType,
      details: Record<string, string>,
      last4: string,
      createdAt: Date,
    ): Promise<FundRow> {
      const values = {
        customerId,
        createdAt,
        type: 'bank' as const,
        methodCode: 'tt',
        bankAccountType: type,
        bankDetails: details,
        holderName: details.accountName ?? '',
        last4,
      };
      const isFirst = (await this.bankFunds(customerId)).length === 0;
      try {
        const [row] = await db
          .insert(funds)
          .values({ ...values, isDefault: isFirst })
          .returning();
        if (row) return row;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const [row] = await db.insert(funds).values(values).returning();
      if (!row) throw new Error('bank account not saved');
      return row;
    },

    async insertWithdrawal(values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [row] = await db.insert(withdrawals).values(values).returning();
      if (!row) throw new Error('withdrawal not saved');
      return row;
    },

    /** A withdrawal with its fund; `customerId` undefined reads any customer's (the operator). */
    async withdrawal(id: string, customerId?: string, lock = false) {
      if (!isUuid(id)) return undefined;
      const query = db
        .select({ withdrawal: withdrawals, fund: funds })
        .from(withdrawals)
        .innerJoin(funds, eq(funds.id, withdrawals.fundId))
        .where(
          and(
            eq(withdrawals.id, id),
            customerId === undefined ? undefined : eq(withdrawals.customerId, customerId),
          ),
        );
      const [row] = lock ? await query.for('update', { of: withdrawals }) : await query;
      return row;
    },

    /** A page of withdrawals, newest first; `email`: the customer's email contains it (any case). */
    async withdrawals(
      filter: { customerId?: string; status?: WithdrawalStatus; email?: string; id?: string },
      limit: number,
      offset: number,
    ) {
      const email = filter.email?.trim().toLowerCase();
      const where = and(
        filter.customerId === undefined ? undefined : eq(withdrawals.customerId, filter.customerId),
        filter.status === undefined ? undefined : eq(withdrawals.status, filter.status),
        filter.id === undefined ? undefined : eq(withdrawals.id, filter.id),
        email ? sql`strpos(lower(${customers.email}), ${email}) > 0` : undefined,
      );
      const rows = await db
        .select({
          withdrawal: withdrawals,
          fund: funds,
          email: customers.email,
          name: sql<string>`${customers.firstname} || ' ' || ${customers.lastname}`,
        })
        .from(withdrawals)
        .innerJoin(funds, eq(funds.id, withdrawals.fundId))
        .innerJoin(customers, eq(customers.id, withdrawals.customerId))
        .where(where)
        .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(withdrawals)
        .innerJoin(customers, eq(customers.id, withdrawals.customerId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** A withdrawal with its fund and its customer's name and email: what telling its customer needs. */
    async withdrawalToTell(id: string) {
      const [row] = await db
        .select({
          withdrawal: withdrawals,
          fund: funds,
          email: customers.email,
          firstname: customers.firstname,
        })
        .from(withdrawals)
        .innerJoin(funds, eq(funds.id, withdrawals.fundId))
        .innerJoin(customers, eq(customers.id, withdrawals.customerId))
        .where(eq(withdrawals.id, id));
      return row;
    },

    /** A saved bank account (removed since or not) with its customer's name and email. */
    async bankFundToTell(customerId: string, id: string) {
      const [row] = await db
        .select({ fund: funds, email: customers.email, firstname: customers.firstname })
        .from(funds)
        .innerJoin(customers, eq(customers.id, funds.customerId))
        .where(and(eq(funds.id, id), eq(funds.customerId, customerId)));
      return row;
    },

    /**
     * The customer's deposits into and purchases out of the cash wallet, as posted (a held deposit
     * counts once it is posted), oldest first, each deposit with its deposit row and card.
     */
    async walletMoves(customerId: string): Promise<WalletMoveRow[]> {
      const result =
        await db.execute(sql`select t.code, t.amount_cents, t.created_at, d.id as deposit_id, d.method_code, d.gateway, d.fund_id
        from ledger_transfers t
        join ledger_accounts a on a.customer_id = ${customerId} and a.kind = 'wallet'
        left join deposits d on t.code = 'deposit' and d.id::text = t.reference and d.customer_id = ${customerId}
        where t.flag in ('posted', 'post_pending')
          and ((t.code = 'deposit' and t.credit_account_id = a.id) or (t.code = 'purchase' and t.debit_account_id = a.id))
        order by t.created_at, t.id`);
      const rows = result.rows as {
        code: 'deposit' | 'purchase';
        amount_cents: string | number;
        created_at: string | Date;
        deposit_id: string | null;
        method_code: string | null;
        gateway: string | null;
        fund_id: string | null;
      }[];
      const fundIds = [...new Set(rows.flatMap((r) => (r.fund_id ? [r.fund_id] : [])))];
      const cards =
        fundIds.length === 0 ? [] : await db.select().from(funds).where(inArray(funds.id, fundIds));
      return rows.map((r) => ({
        code: r.code,
        amountCents: Number(r.amount_cents),
        createdAt: new Date(r.created_at),
        depositId: r.deposit_id,
        depositMethod: r.method_code,
        depositGateway: r.gateway,
        fund: cards.find((f) => f.id === r.fund_id) ?? null,
      }));
    },

    /** Card legs of the customer's withdrawals that took or may still take money back to a card. */
    async cardLegsInPlay(customerId: string) {
      const rows = await db
        .select({ status: withdrawals.status, cardLegs: withdrawals.cardLegs })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.customerId, customerId),
            inArray(withdrawals.status, ['requested', 'approved', 'paying', 'paid', 'failed']),
          ),
        );
      return rows.flatMap((r) =>
        r.cardLegs.filter(
          (leg) => leg.status === 'refunded' || (leg.status === 'pending' && r.status !== 'failed'),
        ),
      );
    },

    async depositsByIds(ids: string[]): Promise<CardDepositRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(deposits).where(inArray(deposits.id, ids));
    },

    /** What the rule approved for the customer since `since` (withdrawals not failed or cancelled). */
    async approvedByRuleSince(customerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${withdrawals.amountCents})` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.customerId, customerId),
            eq(withdrawals.approval, 'rule'),
            gte(withdrawals.requestedAt, since),
            inArray(withdrawals.status, ['approved', 'paying', 'paid']),
          ),
        );
      return Number(row?.total ?? 0);
    },

    /** Signs of an account takeover the auto-approval rule looks at. */
    async securitySignals(customerId: string) {
      const [row] = await db
        .select({
          status: customers.status,
          passwordChangedAt: customers.passwordChangedAt,
          twoFactorLockedUntil: customers.twoFactorLockedUntil,
          twoFactorChangedAt: customerTwoFactor.updatedAt,
        })
        .from(customers)
        .leftJoin(customerTwoFactor, eq(customerTwoFactor.customerId, customers.id))
        .where(eq(customers.id, customerId));
      return row;
    },

    /** Withdrawals left `paying` since before `before` (their payout's answer was lost). */
    async payingSince(before: Date): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'paying'), lt(withdrawals.approvedAt, before)))
        .orderBy(asc(withdrawals.approvedAt))
        .limit(100);
    },

    /** The payout account's bank refused a payment: it is listed as failed verification from now on. */
    async markFundFailed(fundId: string, at: Date): Promise<void> {
      await db
        .update(funds)
        .set({ failedVerificationAt: at })
        .where(and(eq(funds.id, fundId), isNull(funds.failedVerificationAt)));
    },

    async updateWithdrawal(
      id: string,
      changes: Partial<typeof withdrawals.$inferInsert>,
    ): Promise<WithdrawalRow> {
      const [row] = await db.update(withdrawals).set(changes).where(eq(withdrawals.id, id)).returning();
      if (!row) throw new Error(`withdrawal ${id} vanished`);
      return row;
    },
  };
}

export type WalletRepository = ReturnType<typeof walletRepository>;
