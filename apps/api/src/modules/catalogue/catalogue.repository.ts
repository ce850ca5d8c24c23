/** The catalogue's reads. The only file of the module that touches Drizzle. */
import {
  and,
  asc,
  branding,
  capabilitySegments,
  causes,
  count,
  type Database,
  drawResults,
  draws,
  eq,
  gameOfferPrices,
  gameOffers,
  gameTypes,
  inArray,
  lotteries,
  openDraws,
  or,
  pricings,
  productOfferCauses,
  productOffers,
  RESULT_STATUSES,
  raffleBooks,
  rafflePrizes,
  raffles,
  siteConfig,
  sql,
  syndicateDrawShares,
  tips,
} from '@drawhouse/db';

export type PricingRow = typeof pricings.$inferSelect & { capabilities: string[] };
export type ProductOfferRow = typeof productOffers.$inferSelect;
export type GameTypeRow = typeof gameTypes.$inferSelect;
export type GameOfferRow = typeof gameOffers.$inferSelect;
export type PriceRow = typeof gameOfferPrices.$inferSelect;
export type DrawRow = typeof draws.$inferSelect;
export type RaffleRow = typeof raffles.$inferSelect;
export type RaffleBookRow = typeof raffleBooks.$inferSelect;
export type RafflePrizeRow = typeof rafflePrizes.$inferSelect;
export type CauseRow = typeof causes.$inferSelect;
export type LotteryRow = typeof lotteries.$inferSelect;
export type ResultRow = {
  drawNo: number;
  drawAt: Date;
  numbers: Record<string, number[]>;
  supplementary: number[];
};

/** Everything the product offers answer needs, for a set of offers. */
export type OfferParts = {
  gameTypes: GameTypeRow[];
  gameOffers: GameOfferRow[];
  prices: PriceRow[];
  draws: DrawRow[];
  causes: (Pick<CauseRow, 'key' | 'urlSlug' | 'name'> & { productOfferKey: string })[];
  raffles: RaffleRow[];
  books: RaffleBookRow[];
  prizes: RafflePrizeRow[];
  /** Shares sold of the syndicate draws still open (a draw with none sold has no row). */
  syndicateShares: { drawId: string; sharesSold: number }[];
};

/**
 * A version of the draws: it moves whenever a draw is made or changes state (closed, published,
 * scored, paid, announced), the back office edits a raffle (its terms, its draw's close) or the
 * content role publishes or unpublishes an offer, whichever process did it. Cached answers holding draws go when it moves.
 */
export async function drawsVersion(db: Database): Promise<string> {
  const rows = await db.execute<{ v: string }>(
    sql`select json_build_object(
      'n', count(*), 'open', count(*) filter (where status = 'DRAW_OPEN'), 'closed', count(closed_at),
      'published', count(published_at), 'scored', count(scored_at), 'paid', count(paid_at),
      'emailed', count(emailed_at),
      'latest', max(greatest(created_at, closed_at, published_at, scored_at, paid_at, emailed_at)),
      'edited', (select max(edited_at) from raffles),
      'unpublished', (select count(*) from product_offers where not published)
    )::text as v from draws`,
  );
  return rows.rows[0]?.v ?? '';
}

export function createCatalogueRepository(db: Database) {
  return {
    async siteConfig(keys: readonly string[]): Promise<Map<string, unknown>> {
      const rows = await db
        .select({ key: siteConfig.key, value: siteConfig.value })
        .from(siteConfig)
        .where(inArray(siteConfig.key, [...keys]));
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    capabilitySegments() {
      return db.select().from(capabilitySegments).orderBy(asc(capabilitySegments.segmentName));
    },

    pricings() {
      return db.select().from(pricings).orderBy(sql`${pricings.isDefault} desc`, asc(pricings.name));
    },

    /** A pricing by name (or the default one) with its segment's capabilities. */
    async pricing(name: string | undefined): Promise<PricingRow | undefined> {
      const rows = await db
        .select({
          name: pricings.name,
          segmentName: pricings.segmentName,
          description: pricings.description,
          isDefault: pricings.isDefault,
          capabilities: capabilitySegments.capabilities,
        })
        .from(pricings)
        .innerJoin(capabilitySegments, eq(capabilitySegments.segmentName, pricings.segmentName))
        .where(name === undefined ? eq(pricings.isDefault, true) : eq(pricings.name, name))
        .orderBy(asc(pricings.name))
        .limit(1);
      return rows[0];
    },

    /** Published offers a segment with these capabilities may sell, in ranking order. */
    offersFor(capabilities: readonly string[]) {
      return db
        .select()
        .from(productOffers)
        .where(
          and(
            eq(productOffers.published, true),
            sql`${productOffers.requiredCapabilities} <@ ${sql.param([...capabilities])}::text[]`,
          ),
        )
        .orderBy(asc(productOffers.ranking), asc(productOffers.key));
    },

    /** An offer by key, published or not (the content role's preview). */
    async offer(key: string): Promise<ProductOfferRow | undefined> {
      const rows = await db.select().from(productOffers).where(eq(productOffers.key, key)).limit(1);
      return rows[0];
    },

    async offerParts(offerKeys: readonly string[], now: Date): Promise<OfferParts> {
      const keys = [...offerKeys];
      if (keys.length === 0) {
        return {
          gameTypes: [],
          gameOffers: [],
          prices: [],
          draws: [],
          causes: [],
          raffles: [],
          books: [],
          prizes: [],
          syndicateShares: [],
        };
      }
      const [
        typeRows,
        offerRows,
        priceRows,
        drawRows,
        causeRows,
        raffleRows,
        bookRows,
        prizeRows,
        shareRows,
      ] = await Promise.all([
        db
          .select()
          .from(gameTypes)
          .where(inArray(gameTypes.productOfferKey, keys))
          .orderBy(asc(gameTypes.productOfferKey), asc(gameTypes.sortOrder), asc(gameTypes.key)),
        db
          .select()
          .from(gameOffers)
          .where(inArray(gameOffers.productOfferKey, keys))
          .orderBy(asc(gameOffers.sortOrder), asc(gameOffers.key)),
        db
          .select({
            gameOfferKey: gameOfferPrices.gameOfferKey,
            games: gameOfferPrices.games,
            priceCents: gameOfferPrices.priceCents,
          })
          .from(gameOfferPrices)
          .innerJoin(gameOffers, eq(gameOffers.key, gameOfferPrices.gameOfferKey))
          .where(inArray(gameOffers.productOfferKey, keys))
          .orderBy(asc(gameOfferPrices.gameOfferKey), asc(gameOfferPrices.games)),
        openDraws(db, keys, now),
        db
          .select({
            productOfferKey: productOfferCauses.productOfferKey,
            key: causes.key,
            urlSlug: causes.urlSlug,
            name: causes.name,
          })
          .from(productOfferCauses)
          .innerJoin(causes, eq(causes.key, productOfferCauses.causeKey))
          .where(inArray(productOfferCauses.productOfferKey, keys))
          .orderBy(asc(causes.sortOrder), asc(causes.key)),
        db.select().from(raffles).where(inArray(raffles.productOfferKey, keys)),
        db
          .select()
          .from(raffleBooks)
          .where(inArray(raffleBooks.productOfferKey, keys))
          .orderBy(asc(raffleBooks.numTickets)),
        db
          .select()
          .from(rafflePrizes)
          .where(inArray(rafflePrizes.productOfferKey, keys))
          .orderBy(asc(rafflePrizes.rank)),
        db
          .select({ drawId: syndicateDrawShares.drawId, sharesSold: syndicateDrawShares.sharesSold })
          .from(syndicateDrawShares)
          .innerJoin(draws, eq(draws.id, syndicateDrawShares.drawId))
          .where(and(inArray(draws.productOfferKey, keys), eq(draws.status, 'DRAW_OPEN'))),
      ]);
      return {
        gameTypes: typeRows,
        gameOffers: offerRows,
        prices: priceRows,
        draws: drawRows,
        causes: causeRows,
        raffles: raffleRows,
        books: bookRows,
        prizes: prizeRows,
        syndicateShares: shareRows,
      };
    },

    brands() {
      return db.select().from(branding).orderBy(asc(branding.sortOrder), asc(branding.id));
    },

    tips() {
      return db.select().from(tips).orderBy(asc(tips.sortOrder), asc(tips.id));
    },

    async lottery(key: string): Promise<LotteryRow | undefined> {
      const rows = await db.select().from(lotteries).where(eq(lotteries.key, key)).limit(1);
      return rows[0];
    },

    /** Results of a lottery's own draws (not syndicates riding it), oldest first. */
    results(lotteryKey: string): Promise<ResultRow[]> {
      return db
        .select({
          drawNo: draws.drawNo,
          drawAt: draws.drawAt,
          numbers: drawResults.numbers,
          supplementary: drawResults.supplementary,
        })
        .from(draws)
        .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
        .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
        .where(
          and(
            eq(productOffers.lotteryKey, lotteryKey),
            eq(productOffers.type, 'lottery_ticket'),
            inArray(draws.status, [...RESULT_STATUSES]),
          ),
        )
        .orderBy(asc(draws.drawAt), asc(draws.drawNo));
    },

    async causes(filter: { slug?: string; limit: number; offset: number }) {
      const where = filter.slug === undefined ? undefined : eq(causes.urlSlug, filter.slug);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(causes)
          .where(where)
          .orderBy(asc(causes.sortOrder), asc(causes.key))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(causes).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** A cause by key, or by its url slug. */
    async cause(keyOrSlug: string): Promise<CauseRow | undefined> {
      const rows = await db
        .select()
        .from(causes)
        .where(or(eq(causes.key, keyOrSlug), eq(causes.urlSlug, keyOrSlug)))
        .orderBy(sql`${causes.key} = ${keyOrSlug} desc`)
        .limit(1);
      return rows[0];
    },

    async offerKeysByCause(causeKeys: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (causeKeys.length === 0) return out;
      const rows = await db
        .select({
          causeKey: productOfferCauses.causeKey,
          productOfferKey: productOfferCauses.productOfferKey,
        })
        .from(productOfferCauses)
        .innerJoin(productOffers, eq(productOffers.key, productOfferCauses.productOfferKey))
        .where(and(inArray(productOfferCauses.causeKey, [...causeKeys]), eq(productOffers.published, true)))
        .orderBy(asc(productOffers.ranking), asc(productOffers.key));
      for (const row of rows) {
        const list = out.get(row.causeKey) ?? [];
        list.push(row.productOfferKey);
        out.set(row.causeKey, list);
      }
      return out;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
