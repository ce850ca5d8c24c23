/**
 * The limits module's reads and writes: the customer's stored limits, what they spent (from their
 * spend by day, which the ledger keeps as transfers are written) and what they deposited (summed from
 * the ledger). The only file of the module that touches Drizzle.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  bannedCountries,
  customerLimits,
  customerSpendDays,
  customers,
  type DbOrTx,
  deposits,
  eq,
  gte,
  inArray,
  type LimitKind,
  ledgerAccounts,
  rowsFromJson,
  sql,
  type TransferCode,
} from '@drawhouse/db';
import { calendarDay, SPEND_LIMIT_STATES_KEY, type SpendDay, spentFromDays } from '@drawhouse/domain';

export type LimitRow = typeof customerLimits.$inferSelect;
export type LimitChange = Pick<
  LimitRow,
  'amountCents' | 'pendingAmountCents' | 'pendingRemoval' | 'pendingFrom'
>;

/** What one read of a customer tells the guard (ADR 085): limits, state, older account, location. */
export type StandingRow = {
  customerId: string;
  limits: LimitRow[];
  state: string | null;
  country: string | null;
  capabilities: string[];
  mustMigrateBy: Date | null;
  migrationState: 'in_progress' | 'failed' | 'migrated' | null;
  /** Whether the located country is a banned one (false when nothing or Australia was located). */
  locatedBanned: boolean;
  confirmedCountry: string | null;
  /** The site_config value listing the states that ask for a spend limit before buying. */
  spendLimitStates: unknown;
};

export type BreakStart = Pick<LimitRow, 'breakKind' | 'breakPeriod' | 'breakStartsAt' | 'breakEndsAt'>;

/**
 * Money that counts: a posted transfer, or a held one not voided (a deposit awaiting its challenge
 * counts until it is voided). Settlements themselves are not counted again.
 */
const counted = sql`t.flag in ('posted', 'pending') and not exists (
  select 1 from ledger_transfers v where v.pending_id = t.id and v.flag = 'void_pending')`;

const dateOf = (v: unknown): Date | null =>
  v instanceof Date ? v : v === null || v === undefined ? null : new Date(String(v));

export function limitsRepository(db: DbOrTx) {
  const self = {
    async limits(customerId: string): Promise<LimitRow[]> {
      return db.select().from(customerLimits).where(eq(customerLimits.customerId, customerId));
    },

    /** The customer's limit of a kind, locked until the transaction ends (made empty on first use). */
    async lockLimit(customerId: string, kind: LimitKind): Promise<LimitRow> {
      await db
        .insert(customerLimits)
        .values({ id: randomUUID(), customerId, kind, amountCents: null })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(customerLimits)
        .where(and(eq(customerLimits.customerId, customerId), eq(customerLimits.kind, kind)))
        .for('update');
      if (!row) throw new Error(`limit ${kind} of ${customerId} could not be made`);
      return row;
    },

    async saveLimit(id: string, change: LimitChange, now: Date): Promise<LimitRow> {
      const [row] = await db
        .update(customerLimits)
        .set({ ...change, updatedAt: now })
        .where(eq(customerLimits.id, id))
        .returning();
      if (!row) throw new Error(`limit ${id} vanished`);
      return row;
    },

    /** Starts a break on the customer's `break` row (locked by `lockLimit`). */
    async saveBreak(id: string, started: BreakStart, now: Date): Promise<void> {
      await db
        .update(customerLimits)
        .set({ ...started, updatedAt: now })
        .where(eq(customerLimits.id, id));
    },

    async verifiedAt(customerId: string): Promise<Date | null> {
      const [row] = await db
        .select({ verifiedAt: customers.verifiedAt })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.verifiedAt ?? null;
    },

    /** When the customer's first successful deposit was made: the verification deadline counts from it. */
    async firstDepositAt(customerId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | null>`min(${deposits.createdAt})`.mapWith(deposits.createdAt) })
        .from(deposits)
        .where(and(eq(deposits.customerId, customerId), eq(deposits.status, 'succeeded')));
      return row?.at ?? null;
    },

    /**
     * Net spend since each instant (calendar period starts: Sydney midnights): purchases out of the
     * customer's wallet and promo accounts less refunds into them, from their spend by day.
     */
    async spentSince(customerId: string, since: readonly Date[]): Promise<number[]> {
      return (await self.spentSinceByCustomer([customerId], since))(customerId);
    },

    /** `spentSince` for several customers in one read: answers each customer's sums. */
    async spentSinceByCustomer(
      customerIds: readonly string[],
      since: readonly Date[],
    ): Promise<(customerId: string) => number[]> {
      if (since.length === 0 || customerIds.length === 0) return () => since.map(() => 0);
      const first = since.map((d) => calendarDay(d)).sort()[0] ?? '';
      const rows = await db
        .select()
        .from(customerSpendDays)
        .where(
          and(inArray(customerSpendDays.customerId, [...customerIds]), gte(customerSpendDays.day, first)),
        );
      const days = new Map<string, SpendDay[]>();
      for (const r of rows)
        days.set(r.customerId, [...(days.get(r.customerId) ?? []), { day: r.day, cents: r.spentCents }]);
      return (id) => spentFromDays(days.get(id) ?? [], since);
    },

    /** The stored limits of several customers. */
    async limitsOf(customerIds: readonly string[]): Promise<LimitRow[]> {
      if (customerIds.length === 0) return [];
      return db
        .select()
        .from(customerLimits)
        .where(inArray(customerLimits.customerId, [...customerIds]));
    },

    /**
     * Everything the guard decides on for each customer, in one statement: their limits, state,
     * country, segment capabilities, older account, latest location confirmation, whether
     * `locatedCountry` is banned, and the states asking for a spend limit.
     */
    async standingOf(customerIds: readonly string[], locatedCountry: string | null): Promise<StandingRow[]> {
      if (customerIds.length === 0) return [];
      const ids = sql.join(
        customerIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select c.id as customer_id, c.state, c.country,
          coalesce((select s.capabilities from capability_segments s where s.segment_name = c.segment_name),
            '{}') as capabilities,
          (select json_agg(l) from customer_limits l where l.customer_id = c.id) as limits,
          la.must_migrate_by, la.migration_state,
          exists (select 1 from banned_countries b where b.country_code = ${locatedCountry}::text) as located_banned,
          (select f.country_code from customer_location_confirmations f where f.customer_id = c.id
            order by f.confirmed_at desc limit 1) as confirmed_country,
          (select v.value from site_config v where v.key = ${SPEND_LIMIT_STATES_KEY}) as spend_limit_states
        from customers c left join legacy_accounts la on la.customer_id = c.id
        where c.id in (${ids})`);
      return (result.rows as Record<string, unknown>[]).map((r) => ({
        customerId: String(r.customer_id),
        limits: rowsFromJson(customerLimits, r.limits),
        state: typeof r.state === 'string' ? r.state : null,
        country: typeof r.country === 'string' ? r.country : null,
        capabilities: Array.isArray(r.capabilities) ? r.capabilities.map(String) : [],
        mustMigrateBy: dateOf(r.must_migrate_by),
        migrationState: (r.migration_state ?? null) as StandingRow['migrationState'],
        locatedBanned: r.located_banned === true,
        confirmedCountry: typeof r.confirmed_country === 'string' ? r.confirmed_country : null,
        spendLimitStates: r.spend_limit_states ?? null,
      }));
    },

    /** Whether a country is one the shop may not sell to (ADR 079). */
    async isBanned(countryCode: string): Promise<boolean> {
      const [row] = await db
        .select({ code: bannedCountries.countryCode })
        .from(bannedCountries)
        .where(eq(bannedCountries.countryCode, countryCode));
      return row !== undefined;
    },

    /** Deposits into the customer's wallet since each instant (held ones count until voided). */
    async depositedSince(customerId: string, since: readonly Date[]): Promise<number[]> {
      const sums = await sumsSince(db, [customerId], since, ['deposit']);
      return since.map((_, i) => sums(customerId, false, 'deposit', i));
    },
  };
  return self;
}

/**
 * Sums of the customers' transfers of the given codes since each instant, by customer, side (out of
 * their accounts or into them) and code. Each side is read through its own (account, time) index.
 */
async function sumsSince(
  db: DbOrTx,
  customerIds: readonly string[],
  since: readonly Date[],
  codes: readonly TransferCode[],
): Promise<(customerId: string, out: boolean, code: TransferCode, index: number) => number> {
  if (since.length === 0 || customerIds.length === 0) return () => 0;
  const earliest = new Date(Math.min(...since.map((d) => d.getTime()))).toISOString();
  const codeList = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  const customerList = sql.join(
    customerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const side = (out: boolean) => sql`
    select a.customer_id, ${sql.raw(out ? 'true' : 'false')} as out, t.id, t.code, t.flag, t.amount_cents, t.created_at
    from ledger_transfers t join ${ledgerAccounts} a on a.id = t.${sql.raw(out ? 'debit_account_id' : 'credit_account_id')}
    where a.customer_id in (${customerList})
      and t.created_at >= ${earliest}::timestamptz and t.code in (${codeList})`;
  const columns = sql.join(
    since.map(
      (at, i) =>
        sql`coalesce(sum(t.amount_cents) filter (where t.created_at >= ${at.toISOString()}::timestamptz), 0)::bigint as ${sql.raw(`s${i}`)}`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    select t.customer_id, t.out, t.code, ${columns}
    from (${side(true)} union all ${side(false)}) t
    where ${counted}
    group by t.customer_id, t.out, t.code`);
  const rows = new Map<string, Record<string, unknown>>();
  for (const row of result.rows as Record<string, unknown>[])
    rows.set(`${row.customer_id}:${row.out}:${row.code}`, row);
  return (customerId, out, code, index) =>
    Number(rows.get(`${customerId}:${out}:${code}`)?.[`s${index}`] ?? 0);
}

export type LimitsRepository = ReturnType<typeof limitsRepository>;
