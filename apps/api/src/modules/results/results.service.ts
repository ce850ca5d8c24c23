/**
 * Results use cases: which offers have results, an offer's past draws, the archive by month, a draw's
 * full result, details, prizes, winners and preview. Read only; an unknown offer or draw is 404.
 */
import type {
  DrawDetails,
  DrawPreview,
  DrawPrizes,
  DrawWinner,
  PageInfo,
  PastDraw,
  ResultCategory,
  ResultKeys,
} from '@drawhouse/contract';
import { centsToMoney, isValidIdentifier, SYDNEY_TIME_ZONE, zonedTimeToUtc } from '@drawhouse/domain';
import { notFound } from '../../http/errors.ts';
import type { DisplayCategory, DrawRecord, ResultsRepository } from './results.repository.ts';
import { drawDetails, drawResult, drawSummary, isPublished } from './results.view.ts';

export type Page<T> = { items: T[]; pageInfo: PageInfo };

/** What winners lists show of a customer who has not agreed to show their first name and suburb. */
export const ANONYMOUS_WINNER = 'A Drawhouse customer';

const CATEGORIES: Record<ResultCategory, readonly DisplayCategory[] | null> = {
  all: null,
  lotteries: ['lotto', 'syndicate'],
  raffles: ['raffle'],
};

const unknownOffer = () => notFound('offer_not_found', 'There is no product offer with this key.');
const unknownDraw = () => notFound('draw_not_found', 'This offer has no draw with this number.');
const notPublished = () =>
  notFound('results_not_published', 'The results of this draw are not published yet.');

/** A draw number from a path: a positive integer, or nothing. */
export function parseDrawNo(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

export function createResultsService(repo: ResultsRepository) {
  /** Records with their divisions and raffle prizes, as past draws. */
  async function pastDraws(records: readonly DrawRecord[]): Promise<PastDraw[]> {
    const [divisions, prizes] = await Promise.all([
      repo.divisions(records.map((r) => r.draw.id)),
      repo.rafflePrizes(records.filter((r) => r.draw.type === 'raffle_ticket_draw').map((r) => r.offer.key)),
    ]);
    return records.flatMap((r) => {
      const details = drawDetails(r, divisions, prizes);
      return details.result === null ? [] : [{ ...details, result: details.result }];
    });
  }

  async function knownOffer(offerKey: string) {
    const offer = isValidIdentifier(offerKey) ? await repo.offer(offerKey) : undefined;
    if (!offer) throw unknownOffer();
    return offer;
  }

  /** The capabilities of a pricing's segment; an unknown pricing is 404. */
  async function knownPricing(pricingName: string): Promise<string[]> {
    const found = isValidIdentifier(pricingName) ? await repo.pricingCapabilities(pricingName) : undefined;
    if (!found) throw notFound('pricing_not_found', 'There is no pricing with this name.');
    return found;
  }

  async function knownDraw(offerKey: string, drawNoText: string): Promise<DrawRecord> {
    await knownOffer(offerKey);
    const drawNo = parseDrawNo(drawNoText);
    const record = drawNo === null ? undefined : await repo.draw(offerKey, drawNo);
    if (!record) throw unknownDraw();
    return record;
  }

  async function details(record: DrawRecord): Promise<DrawDetails> {
    const [divisions, prizes] = await Promise.all([
      repo.divisions([record.draw.id]),
      repo.rafflePrizes(record.draw.type === 'raffle_ticket_draw' ? [record.offer.key] : []),
    ]);
    return drawDetails(record, divisions, prizes);
  }

  return {
    knownOffer,
    knownDraw,
    pastDrawsOf: pastDraws,

    async resultKeys(pricingName: string | null): Promise<ResultKeys> {
      const capabilities = pricingName === null ? null : await knownPricing(pricingName);
      const rows = await repo.resultKeys(capabilities);
      return {
        resultKeys: rows.map((row) => ({
          productOfferKey: row.key,
          name: row.name,
          productType: row.type,
          displayCategory: row.displayCategory,
          lotteryKey: row.lotteryKey,
          url: row.url,
          firstResultDate: row.firstDrawAt.toISOString(),
        })),
      };
    },

    async pastDraws(
      pricingName: string,
      offerKey: string,
      limit: number,
      offset: number,
    ): Promise<Page<PastDraw>> {
      await Promise.all([knownPricing(pricingName), knownOffer(offerKey)]);
      const page = await repo.pastDraws(offerKey, limit, offset);
      return { items: await pastDraws(page.records), pageInfo: { limit, offset, total: page.total } };
    },

    /**
     * The archive of a month (Sydney calendar): an offer's published draws of that month, or with
     * `latest` the latest result of every offer as of the month's end.
     */
    async archive(
      offerKey: string,
      year: number,
      month: number,
      query: { limit: number; offset: number; category: ResultCategory; customerId: string | null },
    ): Promise<Page<PastDraw>> {
      const latest = offerKey === 'latest';
      if (!latest) await knownOffer(offerKey);
      const from = zonedTimeToUtc(year, month, 1, 0, 0, SYDNEY_TIME_ZONE);
      const until = zonedTimeToUtc(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1, 0, 0);
      const page = await repo.archive({
        offerKey: latest ? null : offerKey,
        from,
        until,
        displayCategories: CATEGORIES[query.category],
        customerId: query.customerId,
        limit: query.limit,
        offset: query.offset,
      });
      return {
        items: await pastDraws(page.records),
        pageInfo: { limit: query.limit, offset: query.offset, total: page.total },
      };
    },

    async fullResult(offerKey: string, drawNo: string): Promise<PastDraw> {
      const record = await knownDraw(offerKey, drawNo);
      if (!isPublished(record)) throw notPublished();
      const [draw] = await pastDraws([record]);
      if (!draw) throw notPublished();
      return draw;
    },

    async details(offerKey: string, drawNo: string): Promise<DrawDetails> {
      return details(await knownDraw(offerKey, drawNo));
    },

    async prizes(offerKey: string, drawNo: string): Promise<DrawPrizes> {
      const d = await details(await knownDraw(offerKey, drawNo));
      const { result: _result, divisions, raffle, ...draw } = d;
      const prizes = raffle
        ? raffle.prizes.map((p) => ({ ...p, winners: p.winningTicket === null ? null : 1 }))
        : divisions.map((div) => ({
            rank: div.division,
            name: div.description,
            value: div.prize,
            winners: div.winners,
            winningTicket: null,
          }));
      return { draw, prizes };
    },

    async winners(
      offerKey: string,
      drawNo: string,
      limit: number,
      offset: number,
      search?: string,
    ): Promise<Page<DrawWinner>> {
      const record = await knownDraw(offerKey, drawNo);
      if (!isPublished(record)) return { items: [], pageInfo: { limit, offset, total: 0 } };
      const raffle = record.draw.type === 'raffle_ticket_draw';
      const [page, divisions] = await Promise.all([
        repo.winners(
          record.draw.id,
          limit,
          offset,
          search === undefined ? undefined : { text: search, raffle },
        ),
        repo.divisions([record.draw.id]),
      ]);
      const descriptions = new Map(divisions.map((d) => [d.division, d.description]));
      return {
        items: page.rows.map((row) => {
          const shown = row.publicity === 'first_name_suburb';
          return {
            name: shown ? row.firstname : ANONYMOUS_WINNER,
            suburb: shown ? row.suburb : null,
            rank: row.division,
            prizeName: row.prizeName ?? descriptions.get(row.division) ?? `Division ${row.division}`,
            prize: row.prizeCents === null || row.prizeCents === 0 ? null : centsToMoney(row.prizeCents),
            ticketNumber: raffle ? row.ticketNumber : null,
          };
        }),
        pageInfo: { limit, offset, total: page.total },
      };
    },

    async preview(offerKey: string, drawNo: string): Promise<DrawPreview> {
      const record = await knownDraw(offerKey, drawNo);
      return { ...drawSummary(record), result: drawResult(record) };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
