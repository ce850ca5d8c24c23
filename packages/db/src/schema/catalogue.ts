import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  Brand,
  DisplayCategory,
  DrawnSet,
  Fact,
  JackpotRule,
  NumberSet,
  PrizeDivisionRule,
  ProductOfferType,
  RecurringPurchase,
  Restriction,
  ScheduleSlot,
  SyndicateTickets,
  UrlAlias,
} from './types.ts';

/** A lottery game run by an operator (Powerball, Oz Lotto ...): its schedule and what it draws. */
export const lotteries = pgTable('lotteries', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('Australia/Sydney'),
  schedule: jsonb('schedule').$type<ScheduleSlot[]>().notNull(),
  /** Entries close this many minutes before the draw. */
  stopMinutesBefore: integer('stop_minutes_before').notNull().default(60),
  /** Draw numbers count schedule slots from 2000-01-01 plus this offset. */
  drawNoOffset: integer('draw_no_offset').notNull().default(0),
  drawnSets: jsonb('drawn_sets').$type<DrawnSet[]>().notNull(),
  jackpot: jsonb('jackpot').$type<JackpotRule>().notNull(),
  prizeDivisions: jsonb('prize_divisions').$type<PrizeDivisionRule[]>().notNull(),
  /** Lotto Strike: the lotteries whose draws it rides on (first balls, in order). */
  linkedLotteryKeys: text('linked_lottery_keys').array().notNull().default(sql`'{}'::text[]`),
});

export const productOffers = pgTable(
  'product_offers',
  {
    key: text('key').primaryKey(),
    type: text('type').$type<ProductOfferType>().notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    availability: text('availability').$type<'available' | 'unavailable'>().notNull().default('available'),
    suspended: boolean('suspended').notNull().default(false),
    /** Unpublished: listed nowhere and its page is 404; the content role previews it with a token. */
    published: boolean('published').notNull().default(true),
    displayCategory: text('display_category').$type<DisplayCategory>().notNull(),
    ranking: integer('ranking').notNull(),
    highlighted: boolean('highlighted').notNull().default(false),
    megaJackpot: boolean('mega_jackpot').notNull().default(false),
    lotteryKey: text('lottery_key').references(() => lotteries.key),
    description: text('description').notNull().default(''),
    facts: jsonb('facts').$type<Fact[]>().notNull().default([]),
    brand: jsonb('brand').$type<Brand | null>(),
    restrictions: jsonb('restrictions').$type<Restriction[]>().notNull().default([]),
    urlAliases: jsonb('url_aliases').$type<UrlAlias[]>().notNull().default([]),
    recurringPurchase: jsonb('recurring_purchase').$type<RecurringPurchase | null>(),
    /** Capabilities a pricing segment must have to list this offer (all of them). */
    requiredCapabilities: text('required_capabilities').array().notNull().default(sql`'{}'::text[]`),
    /** Syndicates: the entry behind the shares. */
    syndicateTickets: jsonb('syndicate_tickets').$type<SyndicateTickets | null>(),
    /** Shares each draw's entry is split into (copied to `syndicate_draw_shares` when a draw sells its first). */
    syndicateTotalShares: integer('syndicate_total_shares'),
    /** No longer counted: shares are sold draw by draw (`syndicate_draw_shares`). */
    syndicateSharesSold: integer('syndicate_shares_sold'),
    syndicateEncodedId: text('syndicate_encoded_id'),
    costPerShareCents: integer('cost_per_share_cents'),
  },
  (t) => [
    index('product_offers_ranking_idx').on(t.ranking),
    check(
      'product_offers_type_check',
      sql`${t.type} in ('lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership')`,
    ),
    check('product_offers_availability_check', sql`${t.availability} in ('available', 'unavailable')`),
    check(
      'product_offers_cost_per_share_check',
      sql`${t.costPerShareCents} is null or ${t.costPerShareCents} > 0`,
    ),
  ],
);

export const gameTypes = pgTable(
  'game_types',
  {
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => productOffers.key, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** Appended to the offer url for this game type's page ("" for the offer's own page). */
    pathSuffix: text('path_suffix').notNull().default(''),
    defaultGameOffer: text('default_game_offer').notNull(),
    recurringPurchase: jsonb('recurring_purchase').$type<RecurringPurchase | null>(),
    /** How an entry of this type is formed and priced, in words. */
    rule: text('rule').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productOfferKey, t.key] })],
);

export const gameOffers = pgTable(
  'game_offers',
  {
    key: text('key').primaryKey(),
    productOfferKey: text('product_offer_key').notNull(),
    gameTypeKey: text('game_type_key').notNull(),
    name: text('name').notNull(),
    minGames: integer('min_games').notNull(),
    maxGames: integer('max_games').notNull(),
    defaultGames: integer('default_games').notNull(),
    defaultEntryCount: integer('default_entry_count').notNull().default(1),
    /** How many standard games one entry of this offer counts as (System 8 of Powerball = 8). */
    gamesPerEntry: integer('games_per_entry').notNull().default(1),
    priceCurrency: text('price_currency').notNull().default('AUD'),
    numberSets: jsonb('number_sets').$type<NumberSet[]>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    foreignKey({
      columns: [t.productOfferKey, t.gameTypeKey],
      foreignColumns: [gameTypes.productOfferKey, gameTypes.key],
    }).onDelete('cascade'),
    index('game_offers_product_offer_idx').on(t.productOfferKey),
    check(
      'game_offers_games_check',
      sql`${t.minGames} >= 1 and ${t.minGames} <= ${t.defaultGames} and ${t.defaultGames} <= ${t.maxGames}`,
    ),
  ],
);

export const gameOfferPrices = pgTable(
  'game_offer_prices',
  {
    gameOfferKey: text('game_offer_key')
      .notNull()
      .references(() => gameOffers.key, { onDelete: 'cascade' }),
    games: integer('games').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameOfferKey, t.games] }),
    check('game_offer_prices_check', sql`${t.games} >= 1 and ${t.priceCents} >= 0`),
  ],
);

export const capabilitySegments = pgTable('capability_segments', {
  segmentName: text('segment_name').primaryKey(),
  capabilities: text('capabilities').array().notNull(),
});

export const pricings = pgTable('pricings', {
  name: text('name').primaryKey(),
  segmentName: text('segment_name')
    .notNull()
    .references(() => capabilitySegments.segmentName),
  description: text('description').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
});

export const causes = pgTable('causes', {
  key: text('key').primaryKey(),
  urlSlug: text('url_slug').notNull().unique(),
  name: text('name').notNull(),
  summary: text('summary').notNull().default(''),
  description: text('description').notNull().default(''),
  image: text('image'),
  website: text('website'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const productOfferCauses = pgTable(
  'product_offer_causes',
  {
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => productOffers.key, { onDelete: 'cascade' }),
    causeKey: text('cause_key')
      .notNull()
      .references(() => causes.key, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productOfferKey, t.causeKey] }),
    index('product_offer_causes_cause_idx').on(t.causeKey),
  ],
);

export const raffles = pgTable(
  'raffles',
  {
    productOfferKey: text('product_offer_key')
      .primaryKey()
      .references(() => productOffers.key, { onDelete: 'cascade' }),
    causeKey: text('cause_key')
      .notNull()
      .references(() => causes.key),
    totalTickets: integer('total_tickets').notNull(),
    ticketsSold: integer('tickets_sold').notNull().default(0),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** The law asks some raffles to offer a free entry by post. */
    postalEntryAvailable: boolean('postal_entry_available').notNull().default(false),
    /** When the back office last edited it: the catalogue's `drawsVersion` moves with it. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    check('raffles_tickets_check', sql`${t.ticketsSold} >= 0 and ${t.ticketsSold} <= ${t.totalTickets}`),
  ],
);

export const raffleBooks = pgTable(
  'raffle_books',
  {
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => raffles.productOfferKey, { onDelete: 'cascade' }),
    numTickets: integer('num_tickets').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productOfferKey, t.numTickets] }),
    check('raffle_books_check', sql`${t.numTickets} >= 1 and ${t.priceCents} >= 0`),
  ],
);

export const rafflePrizes = pgTable(
  'raffle_prizes',
  {
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => raffles.productOfferKey, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    name: text('name').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productOfferKey, t.rank] })],
);

export const branding = pgTable('branding', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
  regionOverrides: jsonb('region_overrides')
    .$type<{ region: string; name?: string; primaryColor?: string; logo?: string }[]>()
    .notNull()
    .default([]),
  primaryColor: text('primary_color').notNull(),
  logo: text('logo').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const tips = pgTable('tips', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
