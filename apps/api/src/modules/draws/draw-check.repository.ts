/** What `draw:check` reads to prove a scored draw's figures: the tally, and the rows that do not add up. */
import { type DbOrTx, drawTallies, eq, sql } from '@drawhouse/db';
import { rowsOf } from './draws.repository.ts';

export function drawCheckRepository(db: DbOrTx) {
  return {
    async tally(drawId: string) {
      const [row] = await db.select().from(drawTallies).where(eq(drawTallies.drawId, drawId)).limit(1);
      return row;
    },

    /** Payouts whose amount is not the sum of their ticket's lines (share tickets aside). */
    payoutsOffTheirLines(drawId: string) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select p.ticket_id, p.prize_cents, sum(coalesce(w.prize_cents, 0)) as lines
          from ticket_payouts p join tickets t on t.id = p.ticket_id
          left join ticket_wins w on w.ticket_id = p.ticket_id
          where p.draw_id = ${drawId} and t.num_shares is null
          group by p.ticket_id, p.prize_cents
          having p.prize_cents <> sum(coalesce(w.prize_cents, 0))`,
      );
    },

    /** Winning tickets without a payout row. */
    winsWithoutPayout(drawId: string) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select distinct w.ticket_id from ticket_wins w
          where w.draw_id = ${drawId} and not exists (select 1 from ticket_payouts p where p.ticket_id = w.ticket_id)`,
      );
    },

    /**
     * Divisions whose winners x prize differ from the lines written for them (lottery draws), with
     * `others` winning games by division that have no lines (lotto party entries, paid at the price).
     */
    divisionsOffTheirLines(drawId: string, others: Record<string, number> = {}) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select d.division, d.winners, d.prize_cents, coalesce(w.combos, 0) as lines_combos, coalesce(w.cents, 0) as lines_cents, o.combos as other_combos
          from draw_prize_divisions d
          cross join lateral (select coalesce((${JSON.stringify(others)}::jsonb ->> d.division::text)::int, 0) as combos) o
          left join (select division, sum(combos) as combos, sum(prize_cents) as cents from ticket_wins
            where draw_id = ${drawId} group by division) w on w.division = d.division
          where d.draw_id = ${drawId}
            and (d.winners <> coalesce(w.combos, 0) + o.combos
              or d.winners::bigint * d.prize_cents <> coalesce(w.cents, 0) + o.combos::bigint * d.prize_cents)`,
      );
    },

    /** Paid payouts whose prize transfer is missing or of another amount, and prize transfers of no payout. */
    creditsOffTheirPayouts(drawId: string) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select p.ticket_id, p.prize_cents, t.amount_cents, t.id as transfer_id
          from ticket_payouts p left join ledger_transfers t on t.id = p.transfer_id
          where p.draw_id = ${drawId} and p.status = 'paid'
            and ((p.prize_cents > 0 and (t.id is null or t.amount_cents <> p.prize_cents or t.code <> 'prize'))
              or (p.prize_cents = 0 and p.transfer_id is not null))`,
      );
    },

    /** Paid total, and what prize_liability paid out for the draw's tickets (ledger side). */
    async paidAgainstLedger(
      drawId: string,
    ): Promise<{ paidCents: number; ledgerCents: number; transfers: number }> {
      const [row] = await rowsOf<{ paid: string; ledger: string; transfers: number }>(
        db,
        sql`select
            (select coalesce(sum(prize_cents), 0) from ticket_payouts where draw_id = ${drawId} and status = 'paid') as paid,
            (select coalesce(sum(t.amount_cents), 0) from ledger_transfers t
              join ledger_accounts a on a.id = t.debit_account_id and a.kind = 'prize_liability'
              where t.code = 'prize' and t.reference in (select id::text from tickets where draw_id = ${drawId})) as ledger,
            (select count(*)::int from ledger_transfers t
              where t.code = 'prize' and t.reference in (select id::text from tickets where draw_id = ${drawId})) as transfers`,
      );
      return {
        paidCents: Number(row?.paid ?? 0),
        ledgerCents: Number(row?.ledger ?? 0),
        transfers: row?.transfers ?? 0,
      };
    },

    /** A split prize's parts and remainder against the entry's prize. */
    async splitAgainstPayouts(drawId: string) {
      const [row] = await rowsOf<{ entry: string | null; parts: string; remainder: string | null }>(
        db,
        sql`select (select prize_cents from syndicate_entries where draw_id = ${drawId}) as entry,
            (select coalesce(sum(prize_cents), 0) from ticket_payouts where draw_id = ${drawId}) as parts,
            (select sum(remainder_cents) from prize_remainders where draw_id = ${drawId}) as remainder`,
      );
      return {
        entryCents: row?.entry == null ? null : Number(row.entry),
        partsCents: Number(row?.parts ?? 0),
        remainderCents: Number(row?.remainder ?? 0),
      };
    },
  };
}

export type DrawCheckRepository = ReturnType<typeof drawCheckRepository>;
