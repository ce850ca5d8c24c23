/** Announcing (DRAW_PAID -> DRAW_EMAILED): the winners to tell, marked told, and the draw moved once all are. */
import { and, type DbOrTx, draws, eq, inArray, sql, ticketPayouts } from '@drawhouse/db';
import { rowsOf, type WinnerToTell } from './draws.repository.ts';

export function announcementsRepository(db: DbOrTx) {
  return {
    /**
     * Winners among these tickets to tell, locked, with what they won that is not money: `paid`
     * ones not told yet, or `held` ones without their "being approved" feed entry (`heldKey`).
     */
    async claimWinnersToTell(
      drawId: string,
      ticketIds: readonly string[],
      which: { status: 'paid' } | { status: 'held'; heldKeyPrefix: string },
    ): Promise<WinnerToTell[]> {
      if (ticketIds.length === 0) return [];
      const waiting =
        which.status === 'paid'
          ? sql`p.status = 'paid' and p.notified_at is null`
          : sql`p.status = 'held' and not exists (select 1 from notifications n
              where n.customer_id = p.customer_id and n.source_key = ${which.heldKeyPrefix} || p.ticket_id::text)`;
      const rows = await rowsOf<{
        ticket_id: string;
        customer_id: string;
        prize_cents: string;
        email: string;
        firstname: string;
        prize_names: string[] | null;
      }>(
        db,
        sql`select p.ticket_id, p.customer_id, p.prize_cents, c.email, c.firstname,
            (select array_agg(w.prize_name order by w.division) from ticket_wins w
              where w.ticket_id = p.ticket_id and w.prize_name is not null and w.prize_cents is null) as prize_names
          from ticket_payouts p join customers c on c.id = p.customer_id
          where p.draw_id = ${drawId} and p.ticket_id = any(${sql.param([...ticketIds])}::uuid[]) and ${waiting}
          order by p.ticket_id for update of p`,
      );
      return rows.map((r) => ({
        ticketId: r.ticket_id,
        customerId: r.customer_id,
        prizeCents: Number(r.prize_cents),
        email: r.email,
        firstname: r.firstname,
        prizeNames: r.prize_names ?? [],
      }));
    },

    async markNotified(ticketIds: string[], now: Date): Promise<void> {
      if (ticketIds.length === 0) return;
      await db
        .update(ticketPayouts)
        .set({ notifiedAt: now })
        .where(and(inArray(ticketPayouts.ticketId, ticketIds), sql`${ticketPayouts.notifiedAt} is null`));
    },

    /** DRAW_PAID with every winner told: DRAW_EMAILED. */
    async finishAnnouncing(drawId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(draws)
        .set({ status: 'DRAW_EMAILED', emailedAt: now })
        .where(
          and(
            eq(draws.id, drawId),
            eq(draws.status, 'DRAW_PAID'),
            sql`not exists (select 1 from ticket_payouts p where p.draw_id = ${drawId} and p.notified_at is null)`,
          ),
        )
        .returning({ id: draws.id });
      return rows.length === 1;
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
