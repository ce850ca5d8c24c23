/**
 * Catalogue use cases: load rows, shape them into the wire contract (docs/api/catalogue.md), map cents
 * to Money, and compute number statistics from past results.
 */

import type {
  Cause,
  Config,
  GameType,
  ProductOffer,
  Raffle,
  ShopOverview,
  Statistics,
  UpcomingDraw,
} from '@drawhouse/contract';
import {
  announcedPrizePool,
  centsToMoney,
  chatAvailable,
  chatSettingsOf,
  cleanIdentifier,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  experimentGroups,
  listedDraws,
  localeRegion,
  parseExperiments,
  SYDNEY_TIME_ZONE,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import type {
  CatalogueRepository,
  DrawRow,
  OfferParts,
  ProductOfferRow,
  RaffleRow,
} from './catalogue.repository.ts';
import type { CausesQuery } from './catalogue.schemas.ts';

const CONFIG_KEYS = [
  'config',
  'support',
  'social_links',
  'payment_logos',
  'regulation_images',
  'native_app',
] as const;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** The locale and currency each pricing is shown in: its own (site_config `pricing_locales`), else the site's. */
function pricingLocales(values: Map<string, unknown>) {
  const base = record(values.get('config'));
  const own = record(values.get('pricing_locales'));
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  const siteLocale = text(base.locale, DEFAULT_LOCALE);
  const siteCurrency = text(base.currency, DEFAULT_CURRENCY);
  return (pricingName: string) => {
    const local = record(own[pricingName]);
    return { locale: text(local.locale, siteLocale), currency: text(local.currency, siteCurrency) };
  };
}

/** The shop's own region, for a locale that names none. */
const DEFAULT_REGION = 'AU';

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The draws an offer lists, soonest first, with their purchase status: the domain's listedDraws of
 * its draws that take entries (the cart accepts a first draw only among these). A raffle with no
 * tickets left lists its draws `sold_out`.
 */
export function upcomingDraws(
  offer: Pick<ProductOfferRow, 'name'>,
  rows: readonly DrawRow[],
  now: Date,
  raffle?: Pick<RaffleRow, 'totalTickets' | 'ticketsSold'>,
): UpcomingDraw[] {
  const soldOut = raffle !== undefined && raffle.ticketsSold >= raffle.totalTickets;
  const listed = listedDraws(rows, now, soldOut);
  const poolOf = (d: DrawRow | undefined) => (!d || d.isPrizePoolUnknown ? null : d.prizePoolCents);
  const nextPool = poolOf(listed[0]?.draw);
  return listed.map(({ draw: d, purchaseStatus }, i) => {
    const announced = announcedPrizePool(i, poolOf(d), nextPool);
    const prizePool = announced === null ? null : centsToMoney(announced);
    const stop = d.stopAt.toISOString();
    return {
      drawId: d.id,
      drawNo: d.drawNo,
      type: d.type,
      stop,
      drawDate: d.drawAt.toISOString(),
      prizePool,
      prizePoolSuffix: d.prizePoolSuffix,
      isPrizePoolUnknown: prizePool === null,
      purchaseStatus,
      drawData: {
        drawNumber: d.drawNo,
        drawStop: stop,
        featureImage: d.featureImage,
        name: `${offer.name} draw ${d.drawNo}`,
        value: prizePool,
        drawPreOrderStartDate: d.preOrderStartAt?.toISOString() ?? null,
      },
    };
  });
}

function gameTypesOf(offerKey: string, maps: PartMaps): GameType[] {
  return (maps.types.get(offerKey) ?? []).map((t) => ({
    key: t.key,
    name: t.name,
    pathSuffix: t.pathSuffix,
    defaultGameOffer: t.defaultGameOffer,
    recurringPurchase: t.recurringPurchase,
    rule: t.rule,
    gameOffers: (maps.gameOffers.get(`${offerKey}|${t.key}`) ?? []).map((o) => ({
      key: o.key,
      name: o.name,
      minGames: o.minGames,
      maxGames: o.maxGames,
      defaultGames: o.defaultGames,
      defaultEntryCount: o.defaultEntryCount,
      gamesPerEntry: o.gamesPerEntry,
      prices: (maps.prices.get(o.key) ?? []).map((p) => ({
        games: p.games,
        price: centsToMoney(p.priceCents, o.priceCurrency),
      })),
      priceCurrency: o.priceCurrency,
      numberSets: o.numberSets,
    })),
  }));
}

type PartMaps = {
  types: Map<string, OfferParts['gameTypes']>;
  gameOffers: Map<string, OfferParts['gameOffers']>;
  prices: Map<string, OfferParts['prices']>;
  draws: Map<string, OfferParts['draws']>;
  causes: Map<string, OfferParts['causes']>;
  raffles: Map<string, RaffleRow>;
  books: Map<string, OfferParts['books']>;
  prizes: Map<string, OfferParts['prizes']>;
  sharesSold: Map<string, number>;
};

function raffleOf(row: RaffleRow | undefined, maps: PartMaps): Raffle | null {
  if (!row) return null;
  return {
    causeKey: row.causeKey,
    totalTickets: row.totalTickets,
    ticketsSold: row.ticketsSold,
    closesAt: row.closesAt.toISOString(),
    postalEntryAvailable: row.postalEntryAvailable,
    books: (maps.books.get(row.productOfferKey) ?? []).map((b) => ({
      numTickets: b.numTickets,
      price: centsToMoney(b.priceCents),
    })),
    prizes: (maps.prizes.get(row.productOfferKey) ?? []).map((p) => ({
      rank: p.rank,
      name: p.name,
      value: centsToMoney(p.valueCents),
    })),
  };
}

/** Shares sold of the syndicate's draw on sale (its soonest open draw): each draw counts its own. */
function sharesSoldOnSale(rows: readonly DrawRow[], sold: ReadonlyMap<string, number>): number {
  const onSale = rows[0];
  return onSale ? (sold.get(onSale.id) ?? 0) : 0;
}

export function shapeProductOffers(
  offers: readonly ProductOfferRow[],
  parts: OfferParts,
  now: Date,
): ProductOffer[] {
  const maps: PartMaps = {
    types: groupBy(parts.gameTypes, (t) => t.productOfferKey),
    gameOffers: groupBy(parts.gameOffers, (o) => `${o.productOfferKey}|${o.gameTypeKey}`),
    prices: groupBy(parts.prices, (p) => p.gameOfferKey),
    draws: groupBy(parts.draws, (d) => d.productOfferKey),
    causes: groupBy(parts.causes, (c) => c.productOfferKey),
    raffles: new Map(parts.raffles.map((r) => [r.productOfferKey, r])),
    books: groupBy(parts.books, (b) => b.productOfferKey),
    prizes: groupBy(parts.prizes, (p) => p.productOfferKey),
    sharesSold: new Map(parts.syndicateShares.map((s) => [s.drawId, s.sharesSold])),
  };
  return offers.map((o) => {
    const raffleRow = maps.raffles.get(o.key);
    const isSyndicate = o.type === 'syndicate_share';
    return {
      key: o.key,
      type: o.type,
      name: o.name,
      url: o.url,
      urlAliases: o.urlAliases,
      availability: o.availability,
      suspended: o.suspended,
      displayCategory: o.displayCategory,
      ranking: o.ranking,
      highlighted: o.highlighted,
      megaJackpot: o.megaJackpot,
      restrictions: o.restrictions,
      lotteryKey: o.lotteryKey,
      description: o.description,
      brand: o.brand,
      facts: o.facts,
      draws: upcomingDraws(o, maps.draws.get(o.key) ?? [], now, raffleRow),
      gameTypes: gameTypesOf(o.key, maps),
      causes: (maps.causes.get(o.key) ?? []).map((c) => ({ key: c.key, urlSlug: c.urlSlug, name: c.name })),
      recurringPurchase: o.recurringPurchase,
      size: isSyndicate ? o.syndicateTotalShares : null,
      tickets: isSyndicate ? o.syndicateTickets : null,
      costPerShare: isSyndicate && o.costPerShareCents !== null ? centsToMoney(o.costPerShareCents) : null,
      syndicateEncodedId: isSyndicate ? o.syndicateEncodedId : null,
      syndicate:
        isSyndicate && o.lotteryKey !== null
          ? {
              totalShares: o.syndicateTotalShares ?? 0,
              sharesSold: sharesSoldOnSale(maps.draws.get(o.key) ?? [], maps.sharesSold),
              lotteryKey: o.lotteryKey,
            }
          : null,
      raffle: raffleOf(raffleRow, maps),
    };
  });
}

/**
 * Frequencies of every number of every drawn set over the results given (oldest first). A number
 * drawn twice in one draw (Super 66 digits) counts twice, so a set's counts add up to draws × count.
 */
export function computeStatistics(
  lottery: {
    key: string;
    drawnSets: readonly { name: string; first: number; last: number; source: string }[];
  },
  results: readonly {
    drawNo: number;
    drawAt: Date;
    numbers: Record<string, number[]>;
    supplementary: number[];
  }[],
): Statistics {
  const numberSets = lottery.drawnSets.map((set) => {
    const counts = new Map<number, { count: number; last: number | null }>();
    for (let n = set.first; n <= set.last; n++) counts.set(n, { count: 0, last: null });
    for (const r of results) {
      const drawn = set.source === 'supplementary' ? r.supplementary : (r.numbers[set.name] ?? []);
      for (const n of drawn) {
        const entry = counts.get(n);
        if (!entry) continue;
        entry.count++;
        entry.last = r.drawNo;
      }
    }
    return {
      name: set.name,
      first: set.first,
      last: set.last,
      frequencies: [...counts].map(([number, c]) => ({ number, count: c.count, lastDrawnDrawNo: c.last })),
    };
  });
  return {
    lotteryKey: lottery.key,
    drawsCounted: results.length,
    fromDate: results[0]?.drawAt.toISOString() ?? null,
    toDate: results.at(-1)?.drawAt.toISOString() ?? null,
    numberSets,
  };
}

function pricingNotFound(name: string): AppError {
  return new AppError(404, 'pricing_not_found', `No pricing called "${name}".`);
}

export function createCatalogueService(repo: CatalogueRepository, clock: () => Date) {
  async function causesWithOffers(
    rows: Awaited<ReturnType<CatalogueRepository['causes']>>['rows'],
  ): Promise<Cause[]> {
    const offers = await repo.offerKeysByCause(rows.map((r) => r.key));
    return rows.map((r) => ({
      key: r.key,
      urlSlug: r.urlSlug,
      name: r.name,
      summary: r.summary,
      description: r.description,
      image: r.image,
      website: r.website,
      productOfferKeys: offers.get(r.key) ?? [],
    }));
  }

  async function offersOf(
    name: string | undefined,
    asked: string | undefined,
  ): Promise<{ offers: ProductOffer[] }> {
    const pricing = await repo.pricing(name);
    if (!pricing) throw pricingNotFound(asked ?? 'default');
    const now = clock();
    const offers = await repo.offersFor(pricing.capabilities);
    const parts = await repo.offerParts(
      offers.map((o) => o.key),
      now,
    );
    return { offers: shapeProductOffers(offers, parts, now) };
  }

  return {
    async config(): Promise<Config> {
      const values = await repo.siteConfig(CONFIG_KEYS);
      const base = record(values.get('config'));
      const support = record(values.get('support'));
      const nativeApp = record(values.get('native_app'));
      const text = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
      const int = (v: unknown, fallback: number) =>
        typeof v === 'number' && Number.isInteger(v) ? v : fallback;
      const timezone = text(base.timezone, SYDNEY_TIME_ZONE);
      // Chat shows while an operator has it switched on and the chat team's hours are running.
      const chat = chatSettingsOf(support);
      return {
        siteName: text(base.siteName, 'Drawhouse'),
        locale: text(base.locale, DEFAULT_LOCALE),
        currency: text(base.currency, DEFAULT_CURRENCY),
        timezone,
        defaultPricing: text(base.defaultPricing, 'default'),
        sessionTimeoutSeconds: int(base.sessionTimeoutSeconds, 3600),
        heartbeatActiveTimeout: int(base.heartbeatActiveTimeout, 600),
        minimumRegistrationAge: int(base.minimumRegistrationAge, 18),
        support: {
          supportNumber: text(support.supportNumber),
          supportOpeningHours: text(support.supportOpeningHours),
          supportOpeningHoursList: list(support.supportOpeningHoursList).filter((s) => typeof s === 'string'),
          chatAvailable: chatAvailable(chat, clock(), timezone),
          email: text(support.email),
        },
        socialLinks: list(values.get('social_links')).map((l) => ({
          network: text(record(l).network),
          url: text(record(l).url),
        })),
        paymentLogos: list(values.get('payment_logos')).filter((s) => typeof s === 'string'),
        regulationImages: list(values.get('regulation_images')).map((i) => ({
          src: text(record(i).src),
          alt: text(record(i).alt),
          href: text(record(i).href),
        })),
        nativeApp: { androidUrl: text(nativeApp.androidUrl), iosUrl: text(nativeApp.iosUrl) },
      };
    },

    async capabilities() {
      const rows = await repo.capabilitySegments();
      return { segments: rows.map((r) => ({ segmentName: r.segmentName, capabilities: r.capabilities })) };
    },

    /** The pricings, each with the locale and currency it is shown in (site_config `pricing_locales`). */
    async pricingInfo() {
      const [rows, values] = await Promise.all([
        repo.pricings(),
        repo.siteConfig(['config', 'pricing_locales']),
      ]);
      const shownIn = pricingLocales(values);
      return {
        pricings: rows.map((p) => ({
          name: p.name,
          segmentName: p.segmentName,
          description: p.description,
          default: p.isDefault,
          ...shownIn(p.name),
        })),
      };
    },

    /**
     * The customer's part of the overview the catalogue knows: the region of their pricing's locale,
     * and their group in each experiment of site_config `experiments`.
     */
    async shopOverview(customerId: string, pricingName: string): Promise<ShopOverview> {
      const values = await repo.siteConfig(['config', 'pricing_locales', 'experiments']);
      return {
        brandingRegion: localeRegion(pricingLocales(values)(pricingName).locale, DEFAULT_REGION),
        experimentGroups: experimentGroups(customerId, parseExperiments(values.get('experiments'))),
      };
    },

    /**
     * The offers of a pricing named in the query (`?pricing=`), the default pricing when absent. A name
     * that is not a valid identifier is treated as absent; a valid name nobody knows is 404.
     */
    async productOffers(pricingName: string | undefined): Promise<{ offers: ProductOffer[] }> {
      return offersOf(cleanIdentifier(pricingName), pricingName);
    },

    /** An offer by key, published or not, shaped as the offers list shapes it (the content role's preview). */
    async offerPreview(key: string): Promise<ProductOffer | undefined> {
      const row = await repo.offer(key);
      if (!row) return undefined;
      const now = clock();
      return shapeProductOffers([row], await repo.offerParts([row.key], now), now)[0];
    },

    /** The offers of the pricing named in the path: there is no default to fall back to, so a bad name is 404. */
    async pricingProductOffers(pricingName: string): Promise<{ offers: ProductOffer[] }> {
      const name = cleanIdentifier(pricingName);
      if (name === undefined) throw pricingNotFound(pricingName);
      return offersOf(name, pricingName);
    },

    async branding() {
      const rows = await repo.brands();
      return {
        brands: rows.map((b) => ({
          id: b.id,
          name: b.name,
          aliases: b.aliases,
          regionOverrides: b.regionOverrides,
          primaryColor: b.primaryColor,
          logo: b.logo,
        })),
      };
    },

    async tips() {
      const rows = await repo.tips();
      return { tips: rows.map((t) => ({ id: t.id, title: t.title, body: t.body })) };
    },

    async statistics(lotteryKey: string): Promise<Statistics> {
      const key = cleanIdentifier(lotteryKey);
      const lottery = key ? await repo.lottery(key) : undefined;
      if (!lottery) throw new AppError(404, 'lottery_not_found', `No lottery called "${lotteryKey}".`);
      return computeStatistics(lottery, await repo.results(lottery.key));
    },

    async causes(query: CausesQuery) {
      const { rows, total } = await repo.causes(query);
      return {
        result: { causes: await causesWithOffers(rows) },
        pageInfo: { offset: query.offset, limit: query.limit, total },
      };
    },

    async cause(keyOrSlug: string): Promise<Cause> {
      const key = cleanIdentifier(keyOrSlug);
      const row = key ? await repo.cause(key) : undefined;
      if (!row) throw new AppError(404, 'cause_not_found', `No cause called "${keyOrSlug}".`);
      const [cause] = await causesWithOffers([row]);
      if (!cause) throw new AppError(404, 'cause_not_found', `No cause called "${keyOrSlug}".`);
      return cause;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
