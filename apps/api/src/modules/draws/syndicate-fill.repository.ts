/** A public syndicate draw's fill at its close: the count decided once, the refunds of a cancelled one and their telling. */
import {
  type DbOrTx,
  draws,
  eq,
  inArray,
  productOffers,
  type SyndicateFillOutcomeRow,
  sql,
  syndicateDrawShares,
  syndicateShareRefunds,
} from '@drawhouse/db';
import { rowsOf } from './draws.repository.ts';

export function syndicateFillRepository(db: DbOrTx) {
  return {
    /**
     * Records what the close decided for a syndicate draw, once: the draw's count, locked, and `decide`'s outcome written unless one was. Answers the counts and
     * the outcome in force; undefined for a syndicate offer without shares.
     */
    async decideSyndicateFill(
      drawId: string,
      decide: (counts: { sold: number; total: number }) => SyndicateFillOutcomeRow,
      now: Date,
    ): Promise<{ sold: number; total: number; outcome: SyndicateFillOutcomeRow } | undefined> {
      // A draw that never kept a count (no share sold through checkout) counts its tickets.
      await db.execute(
        sql`insert into ${syndicateDrawShares} (draw_id, total_shares, shares_sold)
          select d.id, greatest(o.syndicate_total_shares, t.sold), t.sold from ${draws} d
            join ${productOffers} o on o.key = d.product_offer_key
            cross join lateral (select coalesce(sum(num_shares), 0)::int as sold from tickets
              where draw_id = d.id and num_shares > 0) t
          where d.id = ${drawId} and o.syndicate_total_shares > 0
          on conflict (draw_id) do nothing`,
      );
      const [row] = await db
        .select()
        .from(syndicateDrawShares)
        .where(eq(syndicateDrawShares.drawId, drawId))
        .for('update');
      if (!row) return undefined;
      const counts = { sold: row.sharesSold, total: row.totalShares };
      if (row.outcome) return { ...counts, outcome: row.outcome };
      const outcome = decide(counts);
      await db
        .update(syndicateDrawShares)
        .set({ outcome, decidedAt: now })
        .where(eq(syndicateDrawShares.drawId, drawId));
      return { ...counts, outcome };
    },

    /** A syndicate draw's count and what its close decided (undefined: no count kept for it). */
    async syndicateFill(drawId: string) {
      const [row] = await db
        .select()
        .from(syndicateDrawShares)
        .where(eq(syndicateDrawShares.drawId, drawId))
        .limit(1);
      return row;
    },

    /**
     * The draw's share tickets not refunded yet, each with what it was paid: its list price's part of
     * what its checkout paid for syndicate shares (after any discount), from promotional credit and
     * from the wallet as the purchase's ledger transfers into `salesAccountId` say, rounded down.
     */
    shareTicketsToRefund(drawId: string, salesAccountId: number) {
      return rowsOf<{
        id: string;
        customer_id: string;
        checkout_id: string;
        promo_cents: string;
        wallet_cents: string;
      }>(
        db,
        sql`with due as (
            select t.id, t.customer_id, o.checkout_id, (o.total_cents / greatest(o.num_draws, 1)) as list_cents
            from tickets t join orders o on o.id = t.order_id
            where t.draw_id = ${drawId} and t.num_shares > 0
              and not exists (select 1 from ${syndicateShareRefunds} r where r.ticket_id = t.id)
          ), listed as (
            select o.checkout_id, sum(o.total_cents) as list_total
            from orders o
            where o.checkout_id in (select checkout_id from due) and o.product_type = 'syndicate_share'
            group by o.checkout_id
          ), paid as (
            select lt.reference,
              coalesce(sum(lt.amount_cents) filter (where a.kind = 'promo'), 0) as promo,
              coalesce(sum(lt.amount_cents) filter (where a.kind = 'wallet'), 0) as wallet
            from ledger_transfers lt join ledger_accounts a on a.id = lt.debit_account_id
            where lt.code = 'purchase' and lt.credit_account_id = ${salesAccountId}
              and lt.reference in (select checkout_id::text from due)
            group by lt.reference
          )
          select d.id, d.customer_id, d.checkout_id,
            coalesce(floor(d.list_cents * p.promo / nullif(l.list_total, 0)), 0)::bigint as promo_cents,
            coalesce(floor(d.list_cents * p.wallet / nullif(l.list_total, 0)), 0)::bigint as wallet_cents
          from due d
          left join listed l on l.checkout_id = d.checkout_id
          left join paid p on p.reference = d.checkout_id::text
          order by d.customer_id, d.id`,
      );
    },

    async insertShareRefunds(rows: (typeof syndicateShareRefunds.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(syndicateShareRefunds).values(rows).onConflictDoNothing();
    },

    /** Refunded share tickets whose buyers are not told yet, locked (others skip them). */
    async claimRefundsToTell(drawId: string, limit: number) {
      return rowsOf<{
        ticket_id: string;
        customer_id: string;
        refund_cents: string;
        email: string;
        firstname: string;
      }>(
        db,
        sql`select r.ticket_id, r.customer_id, r.refund_cents, c.email, c.firstname
          from ${syndicateShareRefunds} r join customers c on c.id = r.customer_id
          where r.draw_id = ${drawId} and r.told_at is null
          order by r.ticket_id limit ${limit} for update of r skip locked`,
      );
    },

    async markRefundsTold(ticketIds: readonly string[], now: Date): Promise<void> {
      if (ticketIds.length === 0) return;
      await db
        .update(syndicateShareRefunds)
        .set({ toldAt: now })
        .where(inArray(syndicateShareRefunds.ticketId, [...ticketIds]));
    },
  };
}

export type SyndicateFillRepository = ReturnType<typeof syndicateFillRepository>;
