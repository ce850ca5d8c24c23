/**
 * What building a cart item reads of the catalogue, one item at a time: a lottery item's offer, game
 * type, game offer, prices and open draws (a syndicate's shares sold by draw), a raffle's books, a
 * membership's billing period and price, a draw by number, a lotto party session, and the stock
 * left of a syndicate or raffle. The add and the recurring purchases read through it; a cart read
 * with its catalogue answers from rows read before (cart.catalogue.repository.ts).
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
  lotteries,
  openDraws,
  productOfferCauses,
  productOffers,
  raffleBooks,
  raffles,
  syndicateDrawShares,
} from '@drawhouse/db';
import { lottoPartyMoney } from '../lotto-party/index.ts';

/** What a lottery item is checked and priced against: its offer, game type, game offer and draws. */
export type LotteryItemCatalogue = {
  offer: typeof productOffers.$inferSelect;
  lottery: typeof lotteries.$inferSelect | undefined;
  gameType: typeof gameTypes.$inferSelect | undefined;
  gameOffer: typeof gameOffers.$inferSelect | undefined;
  prices: { games: number; priceCents: number }[];
  /** The offer's draws that take entries, soonest first. */
  openDraws: (typeof draws.$inferSelect)[];
  causeKeys: string[];
  /** A syndicate's shares sold, by open draw (a draw with none sold is missing): each draw counts its own. */
  sharesSold?: ReadonlyMap<string, number>;
};

export type RaffleItemCatalogue = {
  offer: typeof productOffers.$inferSelect;
  raffle: typeof raffles.$inferSelect | undefined;
  books: { numTickets: number; priceCents: number }[];
  openDraws: (typeof draws.$inferSelect)[];
  causeKeys: string[];
};

export function itemCatalogueQueries(db: DbOrTx) {
  /** Shares sold of syndicate draws, by draw (a draw with none sold is missing). */
  const sharesSoldOf = async (drawIds: string[]): Promise<Map<string, number>> => {
    if (drawIds.length === 0) return new Map();
    const rows = await db
      .select({ drawId: syndicateDrawShares.drawId, sold: syndicateDrawShares.sharesSold })
      .from(syndicateDrawShares)
      .where(inArray(syndicateDrawShares.drawId, drawIds));
    return new Map(rows.map((r) => [r.drawId, r.sold]));
  };

  /** An offer with its raffle row (null when it is not a raffle); undefined when there is no such offer. */
  const offerWithRaffle = async (offerKey: string) => {
    const [row] = await db
      .select({ offer: productOffers, raffle: raffles })
      .from(productOffers)
      .leftJoin(raffles, eq(raffles.productOfferKey, productOffers.key))
      .where(eq(productOffers.key, offerKey))
      .limit(1);
    return row;
  };
  const causeKeysOf = async (offerKey: string) =>
    (
      await db
        .select({ key: productOfferCauses.causeKey })
        .from(productOfferCauses)
        .where(eq(productOfferCauses.productOfferKey, offerKey))
    ).map((c) => c.key);

  return {
    /** A lotto party session with its group and draw, and whether the customer is a member. */
    lottoPartySession: (sessionId: string, customerId: string | null) =>
      lottoPartyMoney(db).sessionForCart(sessionId, customerId),

    /** A draw of an offer by number, whatever its status. */
    async drawByNo(offerKey: string, drawNo: number) {
      const [row] = await db
        .select()
        .from(draws)
        .where(and(eq(draws.productOfferKey, offerKey), eq(draws.drawNo, drawNo)))
        .limit(1);
      return row;
    },

    /** The catalogue rows a lottery item needs; undefined when there is no such product offer. */
    async lotteryItemCatalogue(
      offerKey: string,
      gameTypeKey: string,
      gameOfferKey: string,
      now: Date,
    ): Promise<LotteryItemCatalogue | undefined> {
      // The offer with its lottery, game type and game offer in one query (each null when missing).
      const [row] = await db
        .select({ offer: productOffers, lottery: lotteries, gameType: gameTypes, gameOffer: gameOffers })
        .from(productOffers)
        .leftJoin(lotteries, eq(lotteries.key, productOffers.lotteryKey))
        .leftJoin(
          gameTypes,
          and(eq(gameTypes.productOfferKey, productOffers.key), eq(gameTypes.key, gameTypeKey)),
        )
        .leftJoin(
          gameOffers,
          and(
            eq(gameOffers.key, gameOfferKey),
            eq(gameOffers.productOfferKey, productOffers.key),
            eq(gameOffers.gameTypeKey, gameTypeKey),
          ),
        )
        .where(eq(productOffers.key, offerKey))
        .limit(1);
      if (!row) return undefined;
      // One after another: inside a transaction the queries share one connection.
      const prices = await db
        .select({ games: gameOfferPrices.games, priceCents: gameOfferPrices.priceCents })
        .from(gameOfferPrices)
        .where(eq(gameOfferPrices.gameOfferKey, gameOfferKey))
        .orderBy(asc(gameOfferPrices.games));
      const open = await openDraws(db, [offerKey], now);
      const causeKeys = await causeKeysOf(offerKey);
      const sharesSold =
        row.offer.type === 'syndicate_share' ? await sharesSoldOf(open.map((d) => d.id)) : undefined;
      return {
        sharesSold,
        offer: row.offer,
        lottery: row.lottery ?? undefined,
        gameType: row.gameType ?? undefined,
        gameOffer: row.gameOffer ?? undefined,
        prices,
        openDraws: open,
        causeKeys,
      };
    },

    /** The rows a raffle item needs; undefined when there is no such product offer. */
    async raffleItemCatalogue(offerKey: string, now: Date): Promise<RaffleItemCatalogue | undefined> {
      const row = await offerWithRaffle(offerKey);
      if (!row) return undefined;
      const books = await db
        .select({ numTickets: raffleBooks.numTickets, priceCents: raffleBooks.priceCents })
        .from(raffleBooks)
        .where(eq(raffleBooks.productOfferKey, offerKey))
        .orderBy(asc(raffleBooks.numTickets));
      const open = await openDraws(db, [offerKey], now);
      const causeKeys = await causeKeysOf(offerKey);
      return { offer: row.offer, raffle: row.raffle ?? undefined, books, openDraws: open, causeKeys };
    },

    /**
     * The shares or tickets left (total minus sold) of a syndicate's draw on sale or of a raffle;
     * undefined for other offers and missing ones.
     */
    async stockLeft(offerKey: string): Promise<number | undefined> {
      const row = await offerWithRaffle(offerKey);
      if (row?.offer.type === 'syndicate_share') {
        const [onSale] = await openDraws(db, [offerKey], new Date());
        const sold = onSale ? ((await sharesSoldOf([onSale.id])).get(onSale.id) ?? 0) : 0;
        return (row.offer.syndicateTotalShares ?? 0) - sold;
      }
      if (row?.offer.type === 'raffle_ticket' && row.raffle)
        return row.raffle.totalTickets - row.raffle.ticketsSold;
      return undefined;
    },

    /** A membership offer (program) and one of its game offers (billing periods) with its price. */
    async membershipItemCatalogue(programKey: string, offerKey: string) {
      const [row] = await db
        .select({ offer: productOffers, gameOffer: gameOffers })
        .from(productOffers)
        .leftJoin(
          gameOffers,
          and(eq(gameOffers.key, offerKey), eq(gameOffers.productOfferKey, productOffers.key)),
        )
        .where(eq(productOffers.key, programKey))
        .limit(1);
      if (!row) return undefined;
      const { offer } = row;
      const gameOffer = row.gameOffer ?? undefined;
      const prices = gameOffer
        ? await db
            .select({ games: gameOfferPrices.games, priceCents: gameOfferPrices.priceCents })
            .from(gameOfferPrices)
            .where(eq(gameOfferPrices.gameOfferKey, gameOffer.key))
            .orderBy(asc(gameOfferPrices.games))
        : [];
      return { offer, gameOffer, prices };
    },
  };
}

export type ItemCatalogueQueries = ReturnType<typeof itemCatalogueQueries>;

export type MembershipItemCatalogue = NonNullable<
  Awaited<ReturnType<ItemCatalogueQueries['membershipItemCatalogue']>>
>;
