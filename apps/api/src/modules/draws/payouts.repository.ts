/** Paying (DRAW_SCORED -> DRAW_PAID or DRAW_CAPPED): payouts claimed `skip locked`, marked paid, held and released. */
import { and, asc, type DbOrTx, draws, eq, inArray, ledgerAccounts, sql, ticketPayouts } from '@drawhouse/db';
import { type ClaimedPayout, type DrawRow, rowsOf } from './draws.repository.ts';

export function payoutsRepository(db: DbOrTx) {
  return {
    /** A batch of the draw's payouts waiting to be paid, locked (others skip them), by customer. */
    async claimPayouts(drawId: string, limit: number): Promise<ClaimedPayout[]> {
      const rows = await rowsOf<{ ticket_id: string; customer_id: string; prize_cents: string }>(
        db,
        sql`select ticket_id, customer_id, prize_cents from ticket_payouts
          where draw_id = ${drawId} and status = 'pending'
          order by customer_id, ticket_id limit ${limit} for update skip locked`,
      );
      return rows.map((r) => ({
        ticketId: r.ticket_id,
        customerId: r.customer_id,
        prizeCents: Number(r.prize_cents),
      }));
    },

    /** The wallet account ids of customers who have one. */
    async walletIds(customerIds: string[]): Promise<Map<string, number>> {
      if (customerIds.length === 0) return new Map();
      const rows = await db
        .select({ customerId: ledgerAccounts.customerId, id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'wallet'), inArray(ledgerAccounts.customerId, customerIds)));
      return new Map(rows.map((r) => [r.customerId as string, r.id]));
    },

    async markPaid(paid: { ticketId: string; transferId: string | null }[], now: Date): Promise<void> {
      if (paid.length === 0) return;
      const values = sql.join(
        paid.map((p) => sql`(${p.ticketId}::uuid, ${p.transferId}::uuid)`),
        sql`, `,
      );
      await db.execute(
        sql`update ticket_payouts p set status = 'paid', paid_at = ${now}, transfer_id = v.transfer_id
          from (values ${values}) as v(ticket_id, transfer_id)
          where p.ticket_id = v.ticket_id and p.status = 'pending'`,
      );
    },

    /**
     * DRAW_SCORED or DRAW_CAPPED with nothing pending: DRAW_CAPPED while a prize is held or waits for
     * its amount (a ticket's, or a lotto party session's not settled), else DRAW_PAID.
     */
    async finishPaying(drawId: string, now: Date): Promise<DrawRow['status'] | undefined> {
      const held = sql`(exists (select 1 from ticket_payouts where draw_id = d.id and status in ('held', 'prize_pending'))
        or exists (select 1 from lotto_party_sessions where draw_id = d.id and status = 'closed'))`;
      const [row] = await rowsOf<{ status: DrawRow['status'] }>(
        db,
        sql`update draws d set
            status = case when ${held} then 'DRAW_CAPPED' else 'DRAW_PAID' end,
            paid_at = case when ${held} then null else ${now}::timestamptz end
          where d.id = ${drawId} and d.status in ('DRAW_SCORED', 'DRAW_CAPPED')
            and not exists (select 1 from ticket_payouts where draw_id = d.id and status = 'pending')
          returning d.status`,
      );
      return row?.status;
    },

    /** The tickets of the draw whose payout is held for approval. */
    async heldTicketIds(drawId: string): Promise<string[]> {
      const rows = await db
        .select({ ticketId: ticketPayouts.ticketId })
        .from(ticketPayouts)
        .where(and(eq(ticketPayouts.drawId, drawId), eq(ticketPayouts.status, 'held')))
        .orderBy(asc(ticketPayouts.ticketId));
      return rows.map((r) => r.ticketId);
    },

    /** Held payouts of a draw back to pending, approved by `operator`; answers how many. */
    async releaseHeld(drawId: string, operator: string): Promise<{ ticketId: string; prizeCents: number }[]> {
      const rows = await db
        .update(ticketPayouts)
        .set({ status: 'pending', approvedBy: operator })
        .where(and(eq(ticketPayouts.drawId, drawId), eq(ticketPayouts.status, 'held')))
        .returning({ ticketId: ticketPayouts.ticketId, prizeCents: ticketPayouts.prizeCents });
      return rows;
    },

    /** The payouts of the draw held for approval: how many, and their prizes together. */
    async heldTotal(drawId: string): Promise<{ count: number; cents: number }> {
      const [row] = await rowsOf<{ count: number; cents: string }>(
        db,
        sql`select count(*)::int as count, coalesce(sum(prize_cents), 0)::bigint as cents
          from ticket_payouts where draw_id = ${drawId} and status = 'held'`,
      );
      return { count: row?.count ?? 0, cents: Number(row?.cents ?? 0) };
    },

    /** Records (or, with nulls, clears) the first finance approval of the draw's held prizes. */
    async recordFirstApproval(
      drawId: string,
      operator: string | null,
      cents: number | null,
      at: Date | null,
    ) {
      await db
        .update(draws)
        .set({
          releaseFirstApprovedBy: operator,
          releaseFirstApprovedCents: cents,
          releaseFirstApprovedAt: at,
        })
        .where(eq(draws.id, drawId));
    },

    async payoutCounts(drawId: string) {
      const [row] = await rowsOf<{
        sessionsPending: number;
        prizePending: number;
        pending: number;
        held: number;
        paid: number;
        unnotified: number;
      }>(
        db,
        sql`select (select count(*) from lotto_party_sessions s join draws d on d.id = s.draw_id
              where s.draw_id = ${drawId} and s.status = 'closed' and not s.held
                and d.status in ('DRAW_SCORED', 'DRAW_CAPPED', 'DRAW_PAID', 'DRAW_EMAILED'))::int as "sessionsPending",
            count(*) filter (where status = 'prize_pending')::int as "prizePending",
            count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'held')::int as held,
            count(*) filter (where status = 'paid')::int as paid,
            count(*) filter (where notified_at is null)::int as unnotified
          from ticket_payouts where draw_id = ${drawId}`,
      );
      return row ?? { sessionsPending: 0, prizePending: 0, pending: 0, held: 0, paid: 0, unnotified: 0 };
    },
  };
}

export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
