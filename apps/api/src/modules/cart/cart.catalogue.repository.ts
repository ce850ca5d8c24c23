/**
 * The catalogue rows an item is checked and priced against, for several offers at once, as part of
 * one statement (the add-to-cart's read, the purchase's): offers with their lotteries, game types,
 * game offers and prices, raffles and their books, causes, the draws taking entries and the shares
 * sold of syndicate draws. `catalogueReader` then answers the cart service's catalogue questions from
 * those rows, as the repository would from the database.
 */
import {
  draws,
  gameOfferPrices,
  gameOffers,
  gameTypes,
  lotteries,
  productOfferCauses,
  productOffers,
  raffleBooks,
  raffles,
  rowsFromJson,
  syndicateDrawShares,
  takesEntriesSql,
} from '@drawhouse/db';
import type {
  ItemCatalogueQueries,
  LotteryItemCatalogue,
  MembershipItemCatalogue,
  RaffleItemCatalogue,
} from './cart.item-catalogue.repository.ts';

/**
 * The common table expressions reading the catalogue of the offers in CTE `offerKeys` (a column
 * `key`), with draws taking entries at the instant in parameter `now`: to put after `with`. The offers'
 * open draws are read first (`materialized`), so the check of the draws they ride runs on those alone:
 * a generic plan otherwise ran it for every open draw of every offer.
 */
export function catalogueCtes(offerKeys: string, now: string): string {
  const keys = `(select key from ${offerKeys})`;
  return `cat_offers as (select o.* from product_offers o where o.key in ${keys}),
  cat_lotteries as (select l.* from lotteries l where l.key in (select lottery_key from cat_offers)),
  cat_game_types as (select g.* from game_types g where g.product_offer_key in ${keys}),
  cat_game_offers as (select g.* from game_offers g where g.product_offer_key in ${keys}),
  cat_prices as (select p.* from game_offer_prices p where p.game_offer_key in (select key from cat_game_offers)),
  cat_raffles as (select r.* from raffles r where r.product_offer_key in ${keys}),
  cat_books as (select b.* from raffle_books b where b.product_offer_key in ${keys}),
  cat_causes as (select c.* from product_offer_causes c where c.product_offer_key in ${keys}),
  cat_offer_draws as materialized (select d.* from draws d where d.product_offer_key in ${keys}
    and d.status = 'DRAW_OPEN' and d.stop_at > ${now}::timestamptz),
  cat_open_draws as (select d.* from cat_offer_draws d where ${takesEntriesSql('d', now)}),
  cat_shares as (select s.* from syndicate_draw_shares s where s.draw_id in (select id from cat_open_draws))`;
}

/** The select-list columns carrying the catalogue CTEs' rows (as JSON) out of the statement. */
export const CATALOGUE_COLUMNS = `(select json_agg(x) from cat_offers x) as cat_offers,
  (select json_agg(x) from cat_lotteries x) as cat_lotteries,
  (select json_agg(x) from cat_game_types x) as cat_game_types,
  (select json_agg(x) from cat_game_offers x) as cat_game_offers,
  (select json_agg(x order by x.games) from cat_prices x) as cat_prices,
  (select json_agg(x) from cat_raffles x) as cat_raffles,
  (select json_agg(x order by x.num_tickets) from cat_books x) as cat_books,
  (select json_agg(x) from cat_causes x) as cat_causes,
  (select json_agg(x order by x.draw_at, x.draw_no) from cat_open_draws x) as cat_open_draws,
  (select json_agg(x) from cat_shares x) as cat_shares`;

export type CatalogueRows = {
  offers: (typeof productOffers.$inferSelect)[];
  lotteries: (typeof lotteries.$inferSelect)[];
  gameTypes: (typeof gameTypes.$inferSelect)[];
  gameOffers: (typeof gameOffers.$inferSelect)[];
  prices: (typeof gameOfferPrices.$inferSelect)[];
  raffles: (typeof raffles.$inferSelect)[];
  books: (typeof raffleBooks.$inferSelect)[];
  causes: (typeof productOfferCauses.$inferSelect)[];
  /** Soonest first. */
  openDraws: (typeof draws.$inferSelect)[];
  shares: (typeof syndicateDrawShares.$inferSelect)[];
};

/** The catalogue rows from a row of a statement that selected `CATALOGUE_COLUMNS`. */
export function catalogueOf(row: Record<string, unknown>): CatalogueRows {
  return {
    offers: rowsFromJson(productOffers, row.cat_offers),
    lotteries: rowsFromJson(lotteries, row.cat_lotteries),
    gameTypes: rowsFromJson(gameTypes, row.cat_game_types),
    gameOffers: rowsFromJson(gameOffers, row.cat_game_offers),
    prices: rowsFromJson(gameOfferPrices, row.cat_prices),
    raffles: rowsFromJson(raffles, row.cat_raffles),
    books: rowsFromJson(raffleBooks, row.cat_books),
    causes: rowsFromJson(productOfferCauses, row.cat_causes),
    openDraws: rowsFromJson(draws, row.cat_open_draws),
    shares: rowsFromJson(syndicateDrawShares, row.cat_shares),
  };
}

/** What building an item asks of the catalogue (the repository answers it too). */
export type CatalogueReader = Pick<
  ItemCatalogueQueries,
  | 'lotteryItemCatalogue'
  | 'raffleItemCatalogue'
  | 'membershipItemCatalogue'
  | 'drawByNo'
  | 'lottoPartySession'
>;

/**
 * Answers from rows read before (`rows`, read with draws taking entries at `readAt`); what they do not
 * hold (a draw by number, a lotto party session, an offer not read) is asked of `db`.
 */
export function catalogueReader(rows: CatalogueRows, readAt: Date, db: CatalogueReader): CatalogueReader {
  const offerOf = (key: string) => rows.offers.find((o) => o.key === key);
  const causeKeysOf = (key: string) =>
    rows.causes.filter((c) => c.productOfferKey === key).map((c) => c.causeKey);
  const pricesOf = (gameOfferKey: string) =>
    rows.prices
      .filter((p) => p.gameOfferKey === gameOfferKey)
      .map((p) => ({ games: p.games, priceCents: p.priceCents }));
  // Read once at `readAt`; a later instant may only have fewer draws taking entries.
  const openDrawsOf = (key: string, now: Date) =>
    rows.openDraws.filter((d) => d.productOfferKey === key && (now <= readAt || d.stopAt > now));
  return {
    async lotteryItemCatalogue(offerKey, gameTypeKey, gameOfferKey, now) {
      const offer = offerOf(offerKey);
      if (!offer) return db.lotteryItemCatalogue(offerKey, gameTypeKey, gameOfferKey, now);
      const open = openDrawsOf(offerKey, now);
      const catalogue: LotteryItemCatalogue = {
        offer,
        lottery: rows.lotteries.find((l) => l.key === offer.lotteryKey),
        gameType: rows.gameTypes.find((g) => g.productOfferKey === offerKey && g.key === gameTypeKey),
        gameOffer: rows.gameOffers.find(
          (g) => g.key === gameOfferKey && g.productOfferKey === offerKey && g.gameTypeKey === gameTypeKey,
        ),
        prices: pricesOf(gameOfferKey),
        openDraws: open,
        causeKeys: causeKeysOf(offerKey),
      };
      if (offer.type !== 'syndicate_share') return catalogue;
      const ids = new Set(open.map((d) => d.id));
      const sold = rows.shares.filter((s) => ids.has(s.drawId)).map((s) => [s.drawId, s.sharesSold] as const);
      return { ...catalogue, sharesSold: new Map(sold) };
    },

    async raffleItemCatalogue(offerKey, now): Promise<RaffleItemCatalogue | undefined> {
      const offer = offerOf(offerKey);
      if (!offer) return db.raffleItemCatalogue(offerKey, now);
      return {
        offer,
        raffle: rows.raffles.find((r) => r.productOfferKey === offerKey),
        books: rows.books
          .filter((b) => b.productOfferKey === offerKey)
          .map((b) => ({ numTickets: b.numTickets, priceCents: b.priceCents })),
        openDraws: openDrawsOf(offerKey, now),
        causeKeys: causeKeysOf(offerKey),
      };
    },

    async membershipItemCatalogue(programKey, offerKey): Promise<MembershipItemCatalogue | undefined> {
      const offer = offerOf(programKey);
      if (!offer) return db.membershipItemCatalogue(programKey, offerKey);
      const gameOffer = rows.gameOffers.find((g) => g.key === offerKey && g.productOfferKey === programKey);
      return { offer, gameOffer, prices: gameOffer ? pricesOf(gameOffer.key) : [] };
    },

    drawByNo: (offerKey, drawNo) => db.drawByNo(offerKey, drawNo),
    lottoPartySession: (sessionId, customerId) => db.lottoPartySession(sessionId, customerId),
  };
}
