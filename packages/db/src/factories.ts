/**
 * Data factories shared by the seed and the tests. `xxxRow` functions build insert rows (no I/O);
 * `createXxx` functions insert a complete, valid thing with unique keys so a test can own its rows
 * without touching the seeded catalogue. Tests share one seeded database: put draws on an offer of
 * your own (`createProductOffer`, `createRaffle`) rather than on a seeded one, whose timetable the
 * catalogue tests check.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import {
  causes,
  draws,
  gameOfferPrices,
  gameOffers,
  gameTypes,
  productOfferCauses,
  productOffers,
  raffleBooks,
  rafflePrizes,
  raffles,
} from './schema/index.ts';
import type { NumberSet, RecurringPurchase } from './schema/types.ts';
import { OFFER_CAPABILITY } from './seed/content.ts';

export type ProductOfferInsert = typeof productOffers.$inferInsert;
export type ProductOfferRow = typeof productOffers.$inferSelect;
export type DrawInsert = typeof draws.$inferInsert;
export type DrawRow = typeof draws.$inferSelect;
export type CauseInsert = typeof causes.$inferInsert;

export type GameOfferInput = {
  key: string;
  name: string;
  minGames: number;
  maxGames: number;
  defaultGames: number;
  defaultEntryCount?: number;
  /** Standard games one "game" of this offer counts as (System 8 of Powerball: 8). */
  gamesPerEntry: number;
  /** Price of one standard game (or one share, one membership period), in cents. */
  standardGameCents: number;
  numberSets: NumberSet[];
};

export type GameTypeInput = {
  key: string;
  name: string;
  pathSuffix: string;
  rule: string;
  recurringPurchase?: RecurringPurchase | null;
  gameOffers: GameOfferInput[];
};

const DAY_MS = 86_400_000;

function shortId(): string {
  return randomUUID().slice(0, 8);
}

/**
 * Rows for an offer's game types, game offers and prices. A price is listed for every number of games
 * from minGames to maxGames: n games cost n × gamesPerEntry × standardGameCents.
 */
export function gameTypeRows(productOfferKey: string, input: readonly GameTypeInput[]) {
  const types: (typeof gameTypes.$inferInsert)[] = [];
  const offers: (typeof gameOffers.$inferInsert)[] = [];
  const prices: (typeof gameOfferPrices.$inferInsert)[] = [];
  input.forEach((type, typeIndex) => {
    const first = type.gameOffers[0];
    if (!first) throw new Error(`game type ${type.key} of ${productOfferKey} has no game offers`);
    types.push({
      productOfferKey,
      key: type.key,
      name: type.name,
      pathSuffix: type.pathSuffix,
      defaultGameOffer: first.key,
      recurringPurchase: type.recurringPurchase ?? null,
      rule: type.rule,
      sortOrder: typeIndex,
    });
    type.gameOffers.forEach((offer, offerIndex) => {
      offers.push({
        key: offer.key,
        productOfferKey,
        gameTypeKey: type.key,
        name: offer.name,
        minGames: offer.minGames,
        maxGames: offer.maxGames,
        defaultGames: offer.defaultGames,
        defaultEntryCount: offer.defaultEntryCount ?? 1,
        gamesPerEntry: offer.gamesPerEntry,
        priceCurrency: 'AUD',
        numberSets: offer.numberSets,
        sortOrder: offerIndex,
      });
      for (let games = offer.minGames; games <= offer.maxGames; games++) {
        prices.push({
          gameOfferKey: offer.key,
          games,
          priceCents: games * offer.gamesPerEntry * offer.standardGameCents,
        });
      }
    });
  });
  return { types, offers, prices };
}

/** Inserts an offer with its game types (and links to causes). */
export async function insertProductOffer(
  db: DbOrTx,
  offer: ProductOfferInsert,
  types: readonly GameTypeInput[] = [],
  causeKeys: readonly string[] = [],
): Promise<void> {
  await db.insert(productOffers).values(offer);
  const rows = gameTypeRows(offer.key, types);
  if (rows.types.length > 0) await db.insert(gameTypes).values(rows.types);
  if (rows.offers.length > 0) await db.insert(gameOffers).values(rows.offers);
  if (rows.prices.length > 0) await db.insert(gameOfferPrices).values(rows.prices);
  if (causeKeys.length > 0) {
    await db
      .insert(productOfferCauses)
      .values(causeKeys.map((causeKey) => ({ productOfferKey: offer.key, causeKey })));
  }
}

/**
 * A lottery offer of its own for a test: unique key, one standard game type ($1.00 a game, 6 of 1-45),
 * listed after the seeded offers. Pass `lotteryKey` to tie it to a seeded lottery.
 */
export async function createProductOffer(
  db: DbOrTx,
  overrides: Partial<ProductOfferInsert> = {},
): Promise<ProductOfferRow> {
  const key = overrides.key ?? `test-offer-${shortId()}`;
  const offer: ProductOfferInsert = {
    key,
    type: 'lottery_ticket',
    name: `Test Lotto ${key}`,
    url: `/${key}`,
    displayCategory: 'lotto',
    ranking: 1000,
    description: 'A lottery made for a test.',
    // The capability of its type, as seeded offers have: a syndicate must not show in a lotteries-only pricing.
    requiredCapabilities: [OFFER_CAPABILITY[overrides.type ?? 'lottery_ticket']],
    recurringPurchase: { type: 'autoplay', availability: 'optional' },
    ...overrides,
  };
  await insertProductOffer(db, offer, [
    {
      key: 'standard',
      name: 'Standard',
      pathSuffix: '/standard',
      rule: 'One game per line.',
      gameOffers: [
        {
          key: `${key}-standard`,
          name: 'Standard',
          minGames: 1,
          maxGames: 20,
          defaultGames: 10,
          gamesPerEntry: 1,
          standardGameCents: 100,
          numberSets: [{ name: 'Numbers', count: 6, first: 1, last: 45 }],
        },
      ],
    },
  ]);
  const [row] = await db.select().from(productOffers).where(eqKey(key));
  if (!row) throw new Error(`product offer ${key} was not created`);
  return row;
}

/** An open draw a day ahead (entries close an hour before) unless overridden. */
export function drawRow(
  productOfferKey: string,
  overrides: Partial<DrawInsert> = {},
  now = new Date(),
): DrawInsert {
  const drawAt = overrides.drawAt ?? new Date(now.getTime() + DAY_MS);
  return {
    productOfferKey,
    drawNo: Math.floor(Math.random() * 1_000_000_000),
    type: 'lottery_ticket_draw',
    status: 'DRAW_OPEN',
    stopAt: new Date(drawAt.getTime() - 3_600_000),
    drawAt,
    preOrderStartAt: null,
    prizePoolCents: 100_000_000,
    prizePoolSuffix: '',
    isPrizePoolUnknown: false,
    purchaseStatus: 'open',
    ...overrides,
  };
}

export async function createDraw(
  db: DbOrTx,
  productOfferKey: string,
  overrides: Partial<DrawInsert> = {},
): Promise<DrawRow> {
  const [row] = await db.insert(draws).values(drawRow(productOfferKey, overrides)).returning();
  if (!row) throw new Error('draw was not created');
  return row;
}

export async function createCause(
  db: DbOrTx,
  overrides: Partial<CauseInsert> = {},
): Promise<typeof causes.$inferSelect> {
  const key = overrides.key ?? `test-cause-${shortId()}`;
  const [row] = await db
    .insert(causes)
    .values({
      key,
      urlSlug: overrides.urlSlug ?? key,
      name: `Test cause ${key}`,
      summary: 'A cause made for a test.',
      description: 'A cause made for a test.',
      sortOrder: 1000,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('cause was not created');
  return row;
}

/**
 * A raffle of its own for a test: unique key, a cause, books of 1/$5 and 3/$10, `totalTickets`
 * tickets (default 100) and an open draw closing in a week.
 */
export async function createRaffle(
  db: DbOrTx,
  options: { totalTickets?: number; ticketsSold?: number; closesAt?: Date; causeKey?: string } = {},
): Promise<{ offer: ProductOfferRow; draw: DrawRow }> {
  const key = `test-raffle-${shortId()}`;
  const causeKey = options.causeKey ?? (await createCause(db)).key;
  const closesAt = options.closesAt ?? new Date(Date.now() + 7 * DAY_MS);
  const offer: ProductOfferInsert = {
    key,
    type: 'raffle_ticket',
    name: `Test Raffle ${key}`,
    url: `/${key}`,
    displayCategory: 'raffle',
    ranking: 1000,
    requiredCapabilities: ['charity_lotteries'],
  };
  await insertProductOffer(db, offer, [], [causeKey]);
  await db.insert(raffles).values({
    productOfferKey: key,
    causeKey,
    totalTickets: options.totalTickets ?? 100,
    ticketsSold: options.ticketsSold ?? 0,
    closesAt,
  });
  await db.insert(raffleBooks).values([
    { productOfferKey: key, numTickets: 1, priceCents: 500 },
    { productOfferKey: key, numTickets: 3, priceCents: 1_000 },
  ]);
  await db
    .insert(rafflePrizes)
    .values({ productOfferKey: key, rank: 1, name: 'A test prize', valueCents: 100_000 });
  const draw = await createDraw(db, key, {
    type: 'raffle_ticket_draw',
    drawNo: 1,
    stopAt: closesAt,
    drawAt: new Date(closesAt.getTime() + DAY_MS),
    prizePoolCents: 100_000,
  });
  const [row] = await db.select().from(productOffers).where(eqKey(key));
  if (!row) throw new Error(`raffle ${key} was not created`);
  return { offer: row, draw };
}

function eqKey(key: string) {
  return eq(productOffers.key, key);
}
