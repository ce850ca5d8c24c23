/**
 * The lottery draws a session may be opened on: a draw with its offer, the lottery offers whose
 * standard game offer a session's pot buys (with one game's prices), and their draws taking
 * entries. What the creation modal lists and what opening a session checks.
 */
import {
  and,
  asc,
  type DbOrTx,
  draws,
  eq,
  gameOfferPrices,
  gameOffers,
  gameTypes,
  inArray,
  openDraws,
  productOffers,
} from '@drawhouse/db';
import { isUuid } from '../results/index.ts';

export type DrawRow = typeof draws.$inferSelect;

/** The game types whose default game offer a session's pot buys, in order of preference. */
const STANDARD_GAME_TYPES: readonly string[] = ['standard', 'strike_standard', 'sequential'];
const rank = (gameTypeKey: string) => STANDARD_GAME_TYPES.indexOf(gameTypeKey);

/** What a session needs of the offer behind a draw: its standard game offer and one game's prices. */
export type SessionOffer = {
  offerKey: string;
  offerName: string;
  gameOffer: string;
  maxGames: number;
  prices: { games: number; priceCents: number }[];
};

export function sessionDrawsRepository(db: DbOrTx) {
  return {
    /** A draw by id with its offer's type (undefined for an id of the wrong form). */
    async drawById(drawId: string) {
      if (!isUuid(drawId)) return undefined;
      const [row] = await db
        .select({ draw: draws, offerType: productOffers.type, offerName: productOffers.name })
        .from(draws)
        .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
        .where(eq(draws.id, drawId))
        .limit(1);
      return row;
    },

    /** Lottery offers with a standard game offer: the one a session's pot buys, and its prices. */
    async sessionOffers(offerKeys?: readonly string[]): Promise<SessionOffer[]> {
      const rows = await db
        .select({
          offerKey: productOffers.key,
          offerName: productOffers.name,
          ranking: productOffers.ranking,
          gameTypeKey: gameTypes.key,
          gameOffer: gameOffers.key,
          maxGames: gameOffers.maxGames,
        })
        .from(productOffers)
        .innerJoin(gameTypes, eq(gameTypes.productOfferKey, productOffers.key))
        .innerJoin(gameOffers, eq(gameOffers.key, gameTypes.defaultGameOffer))
        .where(
          and(
            eq(productOffers.type, 'lottery_ticket'),
            eq(productOffers.availability, 'available'),
            eq(productOffers.suspended, false),
            eq(productOffers.published, true),
            inArray(gameTypes.key, [...STANDARD_GAME_TYPES]),
            offerKeys ? inArray(productOffers.key, [...offerKeys]) : undefined,
          ),
        )
        .orderBy(asc(productOffers.ranking), asc(productOffers.key));
      const chosen = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const seen = chosen.get(row.offerKey);
        if (!seen || rank(row.gameTypeKey) < rank(seen.gameTypeKey)) chosen.set(row.offerKey, row);
      }
      const offers = [...chosen.values()];
      if (offers.length === 0) return [];
      const prices = await db
        .select({
          gameOffer: gameOfferPrices.gameOfferKey,
          games: gameOfferPrices.games,
          priceCents: gameOfferPrices.priceCents,
        })
        .from(gameOfferPrices)
        .where(
          inArray(
            gameOfferPrices.gameOfferKey,
            offers.map((o) => o.gameOffer),
          ),
        )
        .orderBy(asc(gameOfferPrices.games));
      return offers.map((o) => ({
        offerKey: o.offerKey,
        offerName: o.offerName,
        gameOffer: o.gameOffer,
        maxGames: o.maxGames,
        prices: prices
          .filter((p) => p.gameOffer === o.gameOffer)
          .map((p) => ({ games: p.games, priceCents: p.priceCents })),
      }));
    },

    /** The draws of these offers that take entries, soonest first. */
    openDraws(offerKeys: readonly string[], now: Date): Promise<DrawRow[]> {
      return openDraws(db, offerKeys, now);
    },
  };
}

export type SessionDrawsRepository = ReturnType<typeof sessionDrawsRepository>;
