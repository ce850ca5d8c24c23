/**
 * The back office's Today, counted where the work waits: draws closing within a day, closed draws
 * waiting for results or for a second operator's entry, draws holding prizes, withdrawals waiting for
 * an operator, identity documents waiting for review, follow-ups that failed every attempt and
 * failed jobs. A read model over other modules' tables: it only counts, and never changes anything.
 */
import { type DbOrTx, sql } from '@drawhouse/db';

export type TodayDrawRow = { offerKey: string; offerName: string; drawNo: number; status: string; at: Date };

const LIST = 5;

async function listOf(db: DbOrTx, where: ReturnType<typeof sql>, at: ReturnType<typeof sql>) {
  const rows = (
    await db.execute(
      sql`select d.product_offer_key as "offerKey", o.name as "offerName", d.draw_no as "drawNo", d.status,
          ${at} as at, count(*) over ()::int as total
        from draws d join product_offers o on o.key = d.product_offer_key
        where ${where} order by ${at}, d.id limit ${LIST}`,
    )
  ).rows as (TodayDrawRow & { total: number })[];
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map(({ total: _total, ...r }) => ({ ...r, at: new Date(r.at) })),
  };
}

async function countOf(db: DbOrTx, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = (await db.execute(query)).rows as { n: number | string }[];
  return Number(row?.n ?? 0);
}

export function todayRepository(db: DbOrTx) {
  return {
    closingSoon: (now: Date) =>
      listOf(
        db,
        sql`d.status = 'DRAW_OPEN' and d.stop_at <= ${new Date(now.getTime() + 86_400_000)}`,
        sql`d.stop_at`,
      ),

    /** Closed lottery draws with no entry waiting: someone must enter their results. */
    awaitingResults: () =>
      listOf(
        db,
        sql`d.status = 'DRAW_CLOSED' and d.type = 'lottery_ticket_draw' and not exists (
          select 1 from draw_result_entries e where e.draw_id = d.id and e.status = 'pending')`,
        sql`d.draw_at`,
      ),

    /** Draws with one operator's entry (results or prizes) waiting for a second, blind. */
    awaitingSecondEntry: () =>
      listOf(
        db,
        sql`exists (select 1 from draw_result_entries e where e.draw_id = d.id and e.status = 'pending')`,
        sql`d.draw_at`,
      ),

    heldPrizes: () =>
      listOf(
        db,
        sql`(exists (select 1 from ticket_payouts p where p.draw_id = d.id and p.status = 'held')
          or exists (select 1 from lotto_party_sessions s where s.draw_id = d.id and s.status = 'closed' and s.held))`,
        sql`d.draw_at`,
      ),

    withdrawalsAwaitingApproval: () =>
      countOf(db, sql`select count(*)::int as n from withdrawals where status = 'requested'`),

    verificationsPending: () =>
      countOf(db, sql`select count(*)::int as n from verification_attempts where status = 'pending'`),

    failedDeliveries: () =>
      countOf(db, sql`select count(*)::int as n from outbox_deliveries where status = 'dead'`),

    /** pg-boss's failed jobs (none while its schema is not made yet). */
    async failedJobs(): Promise<number> {
      const [made] = (await db.execute(sql`select to_regclass('pgboss.job') is not null as made`)).rows as {
        made: boolean;
      }[];
      if (!made?.made) return 0;
      return countOf(db, sql`select count(*)::int as n from pgboss.job where state = 'failed'`);
    },
  };
}
