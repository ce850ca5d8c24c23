/**
 * Public syndicates draw by draw: the shares sold for each syndicate draw (the offer's total copied
 * when the first share of the draw is sold, so `shares_sold <= total_shares` is the database's own
 * check and two checkouts can never oversell a draw), what the close decided (the domain's
 * `syndicateFillOutcome`), and each share ticket refunded when its draw was cancelled.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { draws } from './draws.ts';
import { tickets } from './orders.ts';

export const SYNDICATE_FILL_OUTCOMES = ['completed_by_house', 'cancelled'] as const;
export type SyndicateFillOutcomeRow = (typeof SYNDICATE_FILL_OUTCOMES)[number];

export const syndicateDrawShares = pgTable(
  'syndicate_draw_shares',
  {
    drawId: uuid('draw_id')
      .primaryKey()
      .references(() => draws.id, { onDelete: 'cascade' }),
    totalShares: integer('total_shares').notNull(),
    sharesSold: integer('shares_sold').notNull().default(0),
    /** Null while the draw is on sale; set once by the close, after which no share is sold. */
    outcome: text('outcome').$type<SyndicateFillOutcomeRow>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'syndicate_draw_shares_sold_check',
      sql`${t.totalShares} > 0 and ${t.sharesSold} >= 0 and ${t.sharesSold} <= ${t.totalShares}`,
    ),
    check(
      'syndicate_draw_shares_outcome_check',
      sql`(${t.outcome} is null or ${t.outcome} in ('completed_by_house', 'cancelled')) and (${t.outcome} is null) = (${t.decidedAt} is null)`,
    ),
  ],
);

/**
 * A share ticket of a cancelled syndicate draw, refunded in full to the buyer's wallet by the ledger
 * transfer `transfer_id` (`eventId('syndicate-refund:{ticketId}')`); `told_at` once the buyer has the
 * feed entry and the mail.
 */
export const syndicateShareRefunds = pgTable(
  'syndicate_share_refunds',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (t) => [
    index('syndicate_share_refunds_draw_idx').on(t.drawId),
    check('syndicate_share_refunds_cents_check', sql`${t.refundCents} >= 0`),
  ],
);
