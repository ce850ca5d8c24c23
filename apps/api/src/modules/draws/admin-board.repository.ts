/**
 * The results and finance desks' reads of draws: the calendar (draws by draw time, per offer), a
 * draw's held prizes and their first approval, and every draw holding prizes.
 */
import { type DbOrTx, sql } from '@drawhouse/db';
import { type DrawRow, rowsOf } from './draws.repository.ts';

/** A draw's columns as the desk lists it, with its offer's name. */
export type DeskDrawRow = {
  offerKey: string;
  offerName: string;
  drawNo: number;
  status: DrawRow['status'];
  stopAt: Date;
  drawAt: Date;
  closedAt: Date | null;
  publishedAt: Date | null;
};

export type CalendarRow = DeskDrawRow & { type: string; heldCount: number };

export type HeldRow = DeskDrawRow & {
  drawId: string;
  count: number;
  cents: number;
  firstApprovedBy: string | null;
  firstApprovedAt: Date | null;
  firstApprovedCents: number | null;
};

/** Payouts and lotto party sessions held for approval, by draw: how many, how much. */
const HELD = sql`(select draw_id, count(*)::int as count, sum(prize_cents)::bigint as cents from (
    select draw_id, prize_cents from ticket_payouts where status = 'held'
    union all
    select draw_id, coalesce(prize_cents, 0) from lotto_party_sessions where status = 'closed' and held
  ) h group by draw_id)`;

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

const heldRow = (r: Record<string, unknown>): HeldRow => ({
  ...(r as HeldRow),
  stopAt: new Date(r.stopAt as string),
  drawAt: new Date(r.drawAt as string),
  closedAt: date(r.closedAt),
  publishedAt: date(r.publishedAt),
  firstApprovedAt: date(r.firstApprovedAt),
  count: Number(r.count ?? 0),
  cents: Number(r.cents ?? 0),
  firstApprovedCents: r.firstApprovedCents === null ? null : Number(r.firstApprovedCents),
});

const HELD_COLUMNS = sql`d.id as "drawId", d.product_offer_key as "offerKey", o.name as "offerName",
  d.draw_no as "drawNo", d.status, d.stop_at as "stopAt", d.draw_at as "drawAt", d.closed_at as "closedAt",
  d.published_at as "publishedAt", coalesce(h.count, 0) as count, coalesce(h.cents, 0) as cents,
  d.release_first_approved_by as "firstApprovedBy", d.release_first_approved_at as "firstApprovedAt",
  d.release_first_approved_cents as "firstApprovedCents"`;

export function adminBoardRepository(db: DbOrTx) {
  return {
    /** Draws whose draw time falls in [from, to), oldest first, at most 500. */
    async calendar(filter: {
      from: Date;
      to: Date;
      offer?: string;
      status?: string;
    }): Promise<CalendarRow[]> {
      const rows = await rowsOf<CalendarRow>(
        db,
        sql`select d.product_offer_key as "offerKey", o.name as "offerName", d.type, d.draw_no as "drawNo",
            d.status, d.stop_at as "stopAt", d.draw_at as "drawAt", d.closed_at as "closedAt",
            d.published_at as "publishedAt", coalesce(h.count, 0)::int as "heldCount"
          from draws d join product_offers o on o.key = d.product_offer_key
          left join ${HELD} h on h.draw_id = d.id
          where d.draw_at >= ${filter.from} and d.draw_at < ${filter.to}
            and (${filter.offer ?? null}::text is null or d.product_offer_key = ${filter.offer ?? null})
            and (${filter.status ?? null}::text is null or d.status = ${filter.status ?? null})
          order by d.draw_at, o.name limit 500`,
      );
      return rows.map((r) => ({
        ...r,
        stopAt: new Date(r.stopAt),
        drawAt: new Date(r.drawAt),
        closedAt: date(r.closedAt),
        publishedAt: date(r.publishedAt),
      }));
    },

    /** The offers that have draws, by name (the calendar's filter). */
    offers(): Promise<{ key: string; name: string }[]> {
      return rowsOf(
        db,
        sql`select o.key, o.name from product_offers o
          where exists (select 1 from draws d where d.product_offer_key = o.key) order by o.name, o.key`,
      );
    },

    /** A draw's held prizes and their first approval. */
    async heldOf(drawId: string): Promise<HeldRow | undefined> {
      const [row] = await rowsOf<Record<string, unknown>>(
        db,
        sql`select ${HELD_COLUMNS} from draws d join product_offers o on o.key = d.product_offer_key
          left join ${HELD} h on h.draw_id = d.id where d.id = ${drawId}`,
      );
      return row ? heldRow(row) : undefined;
    },

    /** Every draw holding prizes for approval, oldest draw first. */
    async heldDraws(limit = 200): Promise<HeldRow[]> {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select ${HELD_COLUMNS} from draws d join product_offers o on o.key = d.product_offer_key
          join ${HELD} h on h.draw_id = d.id order by d.draw_at, d.id limit ${limit}`,
      );
      return rows.map(heldRow);
    },
  };
}
