/**
 * The results module's reads: draws with their offer, published result, prize divisions and raffle
 * seed; which offers have results; winners with what they agreed to show. The only file of the
 * module that touches Drizzle. A result is published when its draw's status is one of
 * RESULT_DRAW_STATUSES and its balls are stored (raffles: the draw itself is the result).
 */
import { RESULT_DRAW_STATUSES } from '@drawhouse/contract';
import {
  and,
  asc,
  capabilitySegments,
  count,
  customers,
  type DbOrTx,
  desc,
  drawPrizeDivisions,
  drawResults,
  draws,
  eq,
  gte,
  ilike,
  inArray,
  lotteries,
  lt,
  or,
  pricings,
  productOffers,
  raffleDrawSeeds,
  rafflePrizes,
  type SQL,
  sql,
  ticketWins,
} from '@drawhouse/db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a uuid names nothing (and must not reach a uuid column). */
export const isUuid = (value: string) => UUID.test(value);

const drawColumns = {
  draw: draws,
  offer: {
    key: productOffers.key,
    name: productOffers.name,
    type: productOffers.type,
    displayCategory: productOffers.displayCategory,
    lotteryKey: productOffers.lotteryKey,
    url: productOffers.url,
  },
  drawnSets: lotteries.drawnSets,
  resultNumbers: drawResults.numbers,
  resultSupplementary: drawResults.supplementary,
  resultDrawnAt: drawResults.drawnAt,
  seed: {
    seed: raffleDrawSeeds.seed,
    commitment: raffleDrawSeeds.commitment,
    algorithm: raffleDrawSeeds.algorithm,
    version: raffleDrawSeeds.version,
    ticketsSold: raffleDrawSeeds.ticketsSold,
    winningTickets: raffleDrawSeeds.winningTickets,
    drawnAt: raffleDrawSeeds.drawnAt,
  },
};

const RESULT_STATUS_LIST = `(${RESULT_DRAW_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * Published, for a draw and its (left-joined) result under these aliases: a result status, and balls
 * stored (a raffle draw is its own result). Aliases are the query's own, never input.
 */
export function publishedAs(draw: string, result: string): SQL {
  return sql.raw(
    `(${draw}.status in ${RESULT_STATUS_LIST} and (${result}.draw_id is not null or ${draw}.type = 'raffle_ticket_draw'))`,
  );
}

const publishedDraw: SQL = sql`(${inArray(draws.status, [...RESULT_DRAW_STATUSES])} and (${drawResults.drawId} is not null or ${draws.type} = 'raffle_ticket_draw'))`;

export type ProductType = 'lottery_ticket' | 'raffle_ticket' | 'syndicate_share' | 'membership';
export type DisplayCategory = 'lotto' | 'raffle' | 'syndicate' | 'membership';

/** A draw with everything its answers are made of. */
export type DrawRecord = {
  draw: typeof draws.$inferSelect;
  offer: {
    key: string;
    name: string;
    type: ProductType;
    displayCategory: DisplayCategory;
    lotteryKey: string | null;
    url: string;
  };
  drawnSets: { name: string; source: 'numbers' | 'supplementary' }[] | null;
  result: { numbers: Record<string, number[]>; supplementary: number[]; drawnAt: Date } | null;
  seed: {
    seed: Buffer;
    commitment: string;
    algorithm: string;
    version: number;
    ticketsSold: number | null;
    winningTickets: number[] | null;
    drawnAt: Date | null;
  } | null;
};

type Row = {
  draw: typeof draws.$inferSelect;
  offer: DrawRecord['offer'];
  drawnSets: DrawRecord['drawnSets'];
  resultNumbers: Record<string, number[]> | null;
  resultSupplementary: number[] | null;
  resultDrawnAt: Date | null;
  seed: DrawRecord['seed'];
};

function record(row: Row): DrawRecord {
  const { resultNumbers, resultSupplementary, resultDrawnAt, ...rest } = row;
  return {
    ...rest,
    result:
      resultNumbers !== null && resultDrawnAt !== null
        ? { numbers: resultNumbers, supplementary: resultSupplementary ?? [], drawnAt: resultDrawnAt }
        : null,
  };
}

export type DivisionRow = typeof drawPrizeDivisions.$inferSelect;
export type RafflePrizeRow = typeof rafflePrizes.$inferSelect;

/** Archive filters: draws of one offer (or of every offer, the latest of each) in a range of time. */
export type ArchiveFilter = {
  offerKey: string | null;
  from: Date;
  until: Date;
  displayCategories: readonly DisplayCategory[] | null;
  customerId: string | null;
  limit: number;
  offset: number;
};

export function resultsRepository(db: DbOrTx) {
  function selectDraws() {
    return db
      .select(drawColumns)
      .from(draws)
      .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
      .leftJoin(lotteries, eq(lotteries.key, productOffers.lotteryKey))
      .leftJoin(drawResults, eq(drawResults.drawId, draws.id))
      .leftJoin(raffleDrawSeeds, eq(raffleDrawSeeds.drawId, draws.id));
  }

  async function pageOf(where: SQL | undefined, limit: number, offset: number) {
    const [rows, totals] = await Promise.all([
      selectDraws().where(where).orderBy(desc(draws.drawAt), desc(draws.drawNo)).limit(limit).offset(offset),
      db
        .select({ total: count() })
        .from(draws)
        .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
        .leftJoin(drawResults, eq(drawResults.drawId, draws.id))
        .where(where),
    ]);
    return { records: rows.map(record), total: totals[0]?.total ?? 0 };
  }

  return {
    async offer(key: string) {
      const rows = await db
        .select({ key: productOffers.key, type: productOffers.type })
        .from(productOffers)
        .where(eq(productOffers.key, key))
        .limit(1);
      return rows[0];
    },

    async draw(offerKey: string, drawNo: number): Promise<DrawRecord | undefined> {
      const rows = await selectDraws()
        .where(and(eq(draws.productOfferKey, offerKey), eq(draws.drawNo, drawNo)))
        .limit(1);
      return rows[0] ? record(rows[0]) : undefined;
    },

    async drawsById(ids: readonly string[]): Promise<DrawRecord[]> {
      if (ids.length === 0) return [];
      const rows = await selectDraws().where(inArray(draws.id, [...ids]));
      return rows.map(record);
    },

    /** Published draws of an offer, newest first. */
    pastDraws(offerKey: string, limit: number, offset: number) {
      return pageOf(and(eq(draws.productOfferKey, offerKey), publishedDraw), limit, offset);
    },

    /** Published draws of an offer a customer has tickets in, newest first. */
    customerPastDraws(offerKey: string, customerId: string, limit: number, offset: number) {
      return pageOf(
        and(eq(draws.productOfferKey, offerKey), publishedDraw, enteredBy(customerId)),
        limit,
        offset,
      );
    },

    /**
     * The archive: published draws drawn in [from, until). With an offer, that offer's draws; without,
     * the latest draw of each offer before `until` (the results of every offer, as of then).
     */
    archive(filter: ArchiveFilter) {
      const conditions: (SQL | undefined)[] = [publishedDraw, lt(draws.drawAt, filter.until)];
      if (filter.displayCategories !== null) {
        conditions.push(inArray(productOffers.displayCategory, [...filter.displayCategories]));
      }
      if (filter.customerId !== null) conditions.push(enteredBy(filter.customerId));
      if (filter.offerKey !== null) {
        conditions.push(eq(draws.productOfferKey, filter.offerKey), gte(draws.drawAt, filter.from));
      } else {
        // The latest of each offer: no published draw of the same offer between it and `until`.
        conditions.push(sql`not exists (
          select 1 from ${draws} as later
          left join ${drawResults} as later_result on later_result.draw_id = later.id
          where later.product_offer_key = ${draws.productOfferKey} and ${publishedAs('later', 'later_result')}
            and later.draw_at > ${draws.drawAt} and later.draw_at < ${filter.until}
        )`);
      }
      return pageOf(and(...conditions), filter.limit, filter.offset);
    },

    divisions(drawIds: readonly string[]): Promise<DivisionRow[]> {
      if (drawIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(drawPrizeDivisions)
        .where(inArray(drawPrizeDivisions.drawId, [...drawIds]))
        .orderBy(asc(drawPrizeDivisions.drawId), asc(drawPrizeDivisions.division));
    },

    rafflePrizes(offerKeys: readonly string[]): Promise<RafflePrizeRow[]> {
      if (offerKeys.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(rafflePrizes)
        .where(inArray(rafflePrizes.productOfferKey, [...offerKeys]))
        .orderBy(asc(rafflePrizes.productOfferKey), asc(rafflePrizes.rank));
    },

    /** Offers with a published draw and the time of their first one, optionally only these offers. */
    resultKeys(requiredCapabilities: readonly string[] | null) {
      return db
        .select({
          key: productOffers.key,
          name: productOffers.name,
          type: productOffers.type,
          displayCategory: productOffers.displayCategory,
          lotteryKey: productOffers.lotteryKey,
          url: productOffers.url,
          firstDrawAt: sql<Date>`min(${draws.drawAt})`.mapWith(draws.drawAt),
        })
        .from(draws)
        .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
        .leftJoin(drawResults, eq(drawResults.drawId, draws.id))
        .where(
          and(
            publishedDraw,
            requiredCapabilities === null
              ? undefined
              : sql`${productOffers.requiredCapabilities} <@ ${sql.param([...requiredCapabilities])}::text[]`,
          ),
        )
        .groupBy(productOffers.key)
        .orderBy(asc(productOffers.ranking), asc(productOffers.key));
    },

    /** Capabilities of a pricing's segment (undefined: no such pricing). */
    async pricingCapabilities(pricingName: string): Promise<string[] | undefined> {
      const rows = await db
        .select({ capabilities: capabilitySegments.capabilities })
        .from(pricings)
        .innerJoin(capabilitySegments, eq(capabilitySegments.segmentName, pricings.segmentName))
        .where(eq(pricings.name, pricingName))
        .limit(1);
      return rows[0]?.capabilities;
    },

    /**
     * A draw's winners: one line per winning ticket and division, best division first. A search
     * matches a raffle ticket number, or the start of the first name or suburb of a winner who agreed
     * to be named (never a winner who did not: a search must not tell who they are).
     */
    async winners(drawId: string, limit: number, offset: number, search?: WinnerSearch) {
      const where = and(eq(ticketWins.drawId, drawId), search ? winnerMatch(search) : undefined);
      const [rows, totals] = await Promise.all([
        db
          .select({
            ticketId: ticketWins.ticketId,
            division: ticketWins.division,
            ticketNumber: sql<number | null>`case when count(*) = 1 then min(${ticketWins.gameIndex}) end`,
            prizeCents: sql<number | null>`sum(${ticketWins.prizeCents})::bigint`,
            prizeName: sql<string | null>`min(${ticketWins.prizeName})`,
            firstname: customers.firstname,
            suburb: customers.suburb,
            publicity: customers.winnerPublicity,
          })
          .from(ticketWins)
          .innerJoin(customers, eq(customers.id, ticketWins.customerId))
          .where(where)
          .groupBy(
            ticketWins.ticketId,
            ticketWins.division,
            customers.firstname,
            customers.suburb,
            customers.winnerPublicity,
          )
          .orderBy(asc(ticketWins.division), asc(sql`min(${ticketWins.gameIndex})`), asc(ticketWins.ticketId))
          .limit(limit)
          .offset(offset),
        db
          .select({
            total: sql<number>`count(distinct (${ticketWins.ticketId}, ${ticketWins.division}))::int`,
          })
          .from(ticketWins)
          .innerJoin(customers, eq(customers.id, ticketWins.customerId))
          .where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, prizeCents: r.prizeCents === null ? null : Number(r.prizeCents) })),
        total: totals[0]?.total ?? 0,
      };
    },
  };
}

export type WinnerSearch = { text: string; raffle: boolean };

function winnerMatch({ text, raffle }: WinnerSearch): SQL | undefined {
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const named = and(
    eq(customers.winnerPublicity, 'first_name_suburb'),
    or(ilike(customers.firstname, prefix), ilike(customers.suburb, prefix)),
  );
  const ticketNumber = raffle && /^\d{1,9}$/.test(text) ? eq(ticketWins.gameIndex, Number(text)) : undefined;
  return ticketNumber ? or(named, ticketNumber) : named;
}

function enteredBy(customerId: string): SQL {
  return sql`exists (select 1 from tickets t where t.draw_id = ${draws.id} and t.customer_id = ${customerId})`;
}

export type ResultsRepository = ReturnType<typeof resultsRepository>;
