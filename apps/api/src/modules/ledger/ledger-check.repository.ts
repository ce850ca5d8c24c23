/**
 * The reconciliation queries of the ledger check (`ledger:check`, GET /admin/ledger/check). Each
 * check answers the rows that break its rule (none when all is well).
 */
import { type Database, sql } from '@drawhouse/db';

type Row = Record<string, unknown>;

async function rows(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await db.execute(query)).rows as Row[];
}

export function ledgerCheckRepository(db: Database) {
  return {
    /** Accounts that keep totals whose totals differ from the sums of their transfers. */
    totalsMismatches: () =>
      rows(
        db,
        sql`with sides as (
          select debit_account_id as account_id, true as debit, flag, amount_cents from ledger_transfers
          union all
          select credit_account_id, false, flag, amount_cents from ledger_transfers
        ), sums as (
          select account_id,
            coalesce(sum(amount_cents) filter (where debit and flag in ('posted', 'post_pending')), 0) as dp,
            coalesce(sum(case when flag = 'pending' then amount_cents when flag = 'posted' then 0 else -amount_cents end) filter (where debit), 0) as dh,
            coalesce(sum(amount_cents) filter (where not debit and flag in ('posted', 'post_pending')), 0) as cp,
            coalesce(sum(case when flag = 'pending' then amount_cents when flag = 'posted' then 0 else -amount_cents end) filter (where not debit), 0) as ch
          from sides group by account_id)
        select a.id, a.customer_id, a.kind
        from ledger_accounts a left join sums s on s.account_id = a.id
        where a.tracks_totals and (a.debits_posted <> coalesce(s.dp, 0) or a.debits_pending <> coalesce(s.dh, 0)
          or a.credits_posted <> coalesce(s.cp, 0) or a.credits_pending <> coalesce(s.ch, 0))`,
      ),

    /** Spend by customer and Sydney day (what limits read) that differs from the ledger's purchases less refunds. */
    spendDayMismatches: () =>
      rows(
        db,
        sql`with counted as (
          select a.customer_id, (t.created_at at time zone 'Australia/Sydney')::date as day,
            sum(case when t.code = 'purchase' then t.amount_cents else -t.amount_cents end) as cents
          from ledger_transfers t
          join ledger_accounts a
            on a.id = case when t.code = 'purchase' then t.debit_account_id else t.credit_account_id end
          where a.customer_id is not null and t.code in ('purchase', 'refund') and t.flag in ('posted', 'pending')
            and not exists (select 1 from ledger_transfers v where v.pending_id = t.id and v.flag = 'void_pending')
          group by 1, 2)
        select coalesce(c.customer_id, d.customer_id) as customer_id, coalesce(c.day, d.day)::text as day,
          coalesce(c.cents, 0) as ledger_cents, coalesce(d.spent_cents, 0) as kept_cents
        from counted c full join customer_spend_days d on d.customer_id = c.customer_id and d.day = c.day
        where coalesce(c.cents, 0) <> coalesce(d.spent_cents, 0)`,
      ),

    /** Customer accounts below zero (posted credits less posted and held debits). */
    negativeAccounts: () =>
      rows(
        db,
        sql`select id, customer_id, kind, credits_posted - debits_posted - debits_pending as balance
        from ledger_accounts
        where customer_id is not null and credits_posted - debits_posted - debits_pending < 0`,
      ),

    /** Held transfers settled more than once, and settlements that do not match what they settle. */
    badSettlements: () =>
      rows(
        db,
        sql`select s.pending_id, count(*) as settlements,
            bool_or(p.id is null or p.flag <> 'pending' or p.amount_cents <> s.amount_cents
              or p.debit_account_id <> s.debit_account_id or p.credit_account_id <> s.credit_account_id) as mismatched
        from ledger_transfers s
        left join ledger_transfers p on p.id = s.pending_id
        where s.pending_id is not null
        group by s.pending_id
        having count(*) > 1 or bool_or(p.id is null or p.flag <> 'pending' or p.amount_cents <> s.amount_cents
          or p.debit_account_id <> s.debit_account_id or p.credit_account_id <> s.credit_account_id)`,
      ),

    /**
     * Checkouts with nothing bought (no order and no pre-order), and orders sold without a ticket
     * (lotto party shares aside: their session holds the entry).
     */
    checkoutsWithoutOrders: () =>
      rows(
        db,
        sql`select c.id from checkouts c
        where not exists (select 1 from orders o where o.checkout_id = c.id)
          and not exists (select 1 from scheduled_purchases s where s.checkout_id = c.id)`,
      ),

    /** Orders holding fewer tickets than the draws they paid for (one ticket per draw). */
    ordersWithoutTickets: () =>
      rows(
        db,
        sql`select o.id, o.checkout_id, o.num_draws, count(t.id)::int as tickets from orders o
        left join tickets t on t.order_id = o.id
        where o.purchase_status = 'standard' and o.product_type <> 'membership'
          and o.social_syndicate_id is null
        group by o.id
        having count(t.id) < o.num_draws`,
      ),

    /**
     * Withdrawals whose status disagrees with their hold: paid but not posted, rejected, failed or
     * cancelled but not voided, still requested or being paid but settled.
     */
    withdrawalsOutOfStep: () =>
      rows(
        db,
        sql`select w.id, w.status, s.flag as settled
        from withdrawals w
        left join ledger_transfers s on s.pending_id = w.pending_transfer_id
        where (w.status in ('approved', 'paid') and s.flag is distinct from 'post_pending')
           or (w.status in ('rejected', 'failed', 'cancelled') and s.flag is distinct from 'void_pending')
           or (w.status in ('requested', 'paying') and s.flag is not null)`,
      ),

    /**
     * Idempotency keys: a completed key must hold the one answer it replays; a key still marked in
     * flight after its lock ran out is a request that died (its transaction rolled back) and is
     * counted, not failed.
     */
    unansweredKeys: () =>
      rows(
        db,
        sql`select scope, key from idempotency_keys
        where completed_at is null or response_status is null or response_body is null`,
      ),

    counts: async () => {
      const [row] = await rows(
        db,
        sql`select (select count(*) from ledger_transfers)::int as transfers,
          (select count(*) from ledger_accounts where tracks_totals)::int as accounts,
          (select count(*) from checkouts)::int as checkouts,
          (select count(*) from idempotency_keys)::int as keys`,
      );
      return row ?? {};
    },
  };
}

export type LedgerCheckRepository = ReturnType<typeof ledgerCheckRepository>;
