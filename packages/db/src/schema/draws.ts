import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { productOffers } from './catalogue.ts';
import type { DrawStatus, DrawType, PurchaseStatus } from './types.ts';

export const draws = pgTable(
  'draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => productOffers.key, { onDelete: 'cascade' }),
    drawNo: integer('draw_no').notNull(),
    type: text('type').$type<DrawType>().notNull(),
    status: text('status').$type<DrawStatus>().notNull().default('DRAW_OPEN'),
    /** Entries close at this instant. */
    stopAt: timestamp('stop_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    /** Pre-orders for this draw are taken from this instant (null: only while it is the next draw). */
    preOrderStartAt: timestamp('pre_order_start_at', { withTimezone: true }),
    prizePoolCents: bigint('prize_pool_cents', { mode: 'number' }),
    prizePoolSuffix: text('prize_pool_suffix').notNull().default(''),
    isPrizePoolUnknown: boolean('is_prize_pool_unknown').notNull().default(false),
    /** Stored hint; the catalogue derives the live value from the clock (see draw-status rules). */
    purchaseStatus: text('purchase_status').$type<PurchaseStatus>().notNull().default('pre_order'),
    featureImage: text('feature_image'),
    /** When the engine moved the draw on: entries closed, results published, scored, paid, announced. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /**
     * The first finance operator's approval of the draw's held prizes when together they are over the
     * second-approval limit (PRIZE_SECOND_APPROVAL_CENTS): who, when, and the total they approved. A
     * different operator's approval of the same total releases them (and clears these).
     */
    releaseFirstApprovedBy: text('release_first_approved_by'),
    releaseFirstApprovedAt: timestamp('release_first_approved_at', { withTimezone: true }),
    releaseFirstApprovedCents: bigint('release_first_approved_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('draws_product_offer_draw_no_key').on(t.productOfferKey, t.drawNo),
    index('draws_product_offer_draw_at_idx').on(t.productOfferKey, t.drawAt),
    index('draws_status_stop_at_idx').on(t.status, t.stopAt),
    check('draws_stop_before_draw_check', sql`${t.stopAt} <= ${t.drawAt}`),
    check(
      'draws_status_check',
      sql`${t.status} in ('DRAW_OPEN', 'DRAW_CLOSED', 'DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED', 'DRAW_CAPPED')`,
    ),
    check(
      'draws_type_check',
      sql`${t.type} in ('lottery_ticket_draw', 'syndicate_share_draw', 'raffle_ticket_draw')`,
    ),
    check(
      'draws_purchase_status_check',
      sql`${t.purchaseStatus} in ('open', 'pre_order', 'sold_out', 'past_draw')`,
    ),
  ],
);

/** The balls drawn. Numbers are kept in the order drawn (Lotto Strike and Super 66 depend on it). */
export const drawResults = pgTable('draw_results', {
  drawId: uuid('draw_id')
    .primaryKey()
    .references(() => draws.id, { onDelete: 'cascade' }),
  /** By number-set name, e.g. { "Numbers": [..7], "Powerball": [n] }. */
  numbers: jsonb('numbers').$type<Record<string, number[]>>().notNull(),
  /** Supplementary or bonus balls, in the order drawn. */
  supplementary: jsonb('supplementary').$type<number[]>().notNull().default([]),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
});

export const drawPrizeDivisions = pgTable(
  'draw_prize_divisions',
  {
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'cascade' }),
    division: integer('division').notNull(),
    description: text('description').notNull(),
    winners: integer('winners').notNull().default(0),
    /** Prize for one winning game in this division. */
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.division] })],
);
