import {
  CapabilitiesSchema,
  CauseSchema,
  CausesSchema,
  ConfigSchema,
  PricingInfoSchema,
  type ProductOffer,
  ProductOffersSchema,
  StatisticsSchema,
  TipsSchema,
} from '@drawhouse/contract';
import {
  and,
  causes,
  count,
  createCause,
  drawResults,
  draws,
  eq,
  inArray,
  productOffers,
  RESULT_STATUSES,
  seed,
  syndicateDrawShares,
} from '@drawhouse/db';
import { CAPABILITIES, GAMES, isCapability, LOTTERY_KEYS } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { toCamel } from '../src/http/case.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();

/**
 * The seeded offers. Other test files add offers, causes and draws of their own to the same database,
 * so these tests look at the seeded ones rather than counting everything.
 */
const RAFFLE_KEYS = ['coastal-prize-home', 'bush-rescue-car-raffle'];
const SYNDICATE_KEYS = ['powerball-syndicate', 'oz-lotto-syndicate'];
const SEEDED_WITH_DRAWS: string[] = [...LOTTERY_KEYS, ...RAFFLE_KEYS, ...SYNDICATE_KEYS];
const { db, pool } = getTestDb();

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { res, status: res.statusCode, body: res.json() };
}

/** The wire answer (snake_case), read back the way the storefront reads it. */
function camel(value: unknown): unknown {
  return toCamel(value);
}

async function offers(url = '/v2/product_offers'): Promise<ProductOffer[]> {
  const { status, body } = await get(url);
  expect(status).toBe(200);
  return ProductOffersSchema.parse(camel(body.result)).offers;
}

function offer(list: ProductOffer[], key: string): ProductOffer {
  const found = list.find((o) => o.key === key);
  if (!found) throw new Error(`offer ${key} missing`);
  return found;
}

describe('GET /v2/config', () => {
  it('answers the site settings, support constants, social links, payment logos and regulation images', async () => {
    const { res, status, body } = await get('/v2/config');
    expect(status).toBe(200);
    expect(body.messages).toEqual([]);
    expect(body.result.site_name).toBe('Drawhouse');
    expect(body.result.support.support_number).toBeTruthy();
    const config = ConfigSchema.parse(camel(body.result));
    expect(config).toMatchObject({
      locale: 'en-AU',
      currency: 'AUD',
      timezone: 'Australia/Sydney',
      defaultPricing: 'default',
      sessionTimeoutSeconds: 3600,
      heartbeatActiveTimeout: 600,
      minimumRegistrationAge: 18,
    });
    expect(config.support.supportOpeningHoursList.length).toBeGreaterThan(0);
    expect(config.socialLinks.map((l) => l.network).sort()).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'pinterest',
      'tiktok',
      'twitter',
      'youtube',
    ]);
    expect(config.paymentLogos).toEqual(['amex', 'apple_pay', 'google_pay', 'mastercard', 'paypal', 'visa']);
    expect(config.regulationImages.length).toBeGreaterThan(0);
    for (const image of config.regulationImages) {
      expect((await app.inject({ method: 'GET', url: image.src })).statusCode).toBe(200);
    }
    expect(config.socialLinks.find((l) => l.network === 'linkedin')?.url).toBe(
      'https://www.linkedin.com/company/drawhouse',
    );
    // No phone app: no store addresses, so the footer offers no download.
    expect(config.nativeApp).toEqual({ androidUrl: '', iosUrl: '' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /v2/capabilities and /v2/info/pricing/', () => {
  it('lists the default and lite segments with known capabilities', async () => {
    const { res, status, body } = await get('/v2/capabilities');
    expect(status).toBe(200);
    const { segments } = CapabilitiesSchema.parse(camel(body.result));
    const byName = new Map(segments.map((s) => [s.segmentName, s.capabilities]));
    const full = byName.get('default') ?? [];
    const lite = byName.get('lite') ?? [];
    expect(full).toContain('multi_offer_site');
    for (const name of ['syndicates', 'causes_directory', 'charity_lotteries', 'blog', 'native-app']) {
      expect(full).toContain(name);
      expect(lite).not.toContain(name);
    }
    for (const name of [...full, ...lite]) expect(isCapability(name), name).toBe(true);
    // Every capability a multi-offer site has: all but the rebrand flag.
    expect(CAPABILITIES.filter((c) => !full.includes(c)).sort()).toEqual(['rebrand']);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('lists the pricings, the default first', async () => {
    const { status, body } = await get('/v2/info/pricing/');
    expect(status).toBe(200);
    const { pricings } = PricingInfoSchema.parse(camel(body.result));
    expect(pricings.map((p) => [p.name, p.segmentName, p.default, p.locale, p.currency])).toEqual([
      ['default', 'default', true, 'en-AU', 'AUD'],
      ['lite', 'lite', false, 'en-AU', 'AUD'],
      ['uk', 'uk', false, 'en-GB', 'GBP'],
    ]);
    expect(body.result.pricings[0]).toHaveProperty('segment_name', 'default');
  });
});

describe('GET /v2/product_offers', () => {
  it('lists every offer of the default pricing in ranking order, with the contract shape', async () => {
    const { res, body } = await get('/v2/product_offers');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=[0-5]$/);
    expect(body.result.offers[0]).toHaveProperty('display_category');
    expect(body.result.offers[0]).toHaveProperty('game_types');
    const list = await offers();
    const rankings = list.map((o) => o.ranking);
    expect(rankings).toEqual([...rankings].sort((a, b) => a - b));
    const keys = list.map((o) => o.key);
    for (const key of LOTTERY_KEYS) expect(keys).toContain(key);
    const types = new Set(list.map((o) => o.type));
    expect(types).toEqual(new Set(['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership']));
    for (const key of [...RAFFLE_KEYS, ...SYNDICATE_KEYS]) expect(keys).toContain(key);
    expect(keys).toContain('daily-winners');
    expect(list.some((o) => o.restrictions.length > 0)).toBe(true);
    // Each offer's url is where the shop serves its page.
    for (const key of [...LOTTERY_KEYS, ...RAFFLE_KEYS, ...SYNDICATE_KEYS]) {
      expect(list.find((o) => o.key === key)?.url, key).toBe(`/${key}`);
    }
  });

  it('carries upcoming draws in the future, soonest first, closing before the draw, with jackpots', async () => {
    const now = Date.now();
    const list = await offers();
    for (const o of list.filter((x) => SEEDED_WITH_DRAWS.includes(x.key))) {
      expect(o.draws.length, o.key).toBeGreaterThan(0);
      expect(o.draws.length, o.key).toBeLessThanOrEqual(5);
      o.draws.forEach((d, i) => {
        const stop = Date.parse(d.stop);
        const drawDate = Date.parse(d.drawDate);
        expect(stop, `${o.key} ${d.drawNo}`).toBeGreaterThan(now);
        expect(stop).toBeLessThan(drawDate);
        expect(d.drawData.drawNumber).toBe(d.drawNo);
        expect(d.drawData.drawStop).toBe(d.stop);
        expect(d.purchaseStatus).toBe(i === 0 ? 'open' : 'pre_order');
        const previous = o.draws[i - 1];
        if (previous) expect(drawDate).toBeGreaterThan(Date.parse(previous.drawDate));
        if (d.isPrizePoolUnknown) expect(d.prizePool).toBeNull();
        else expect(d.prizePool?.amount, `${o.key} ${d.drawNo}`).toBeGreaterThan(0);
        expect(d.drawData.value).toEqual(d.prizePool);
      });
    }
    for (const key of LOTTERY_KEYS) expect(offer(list, key).draws).toHaveLength(5);
    const powerball = offer(list, 'powerball');
    expect(powerball.draws[0]?.prizePool).toEqual({ amount: expect.any(Number), currency: 'AUD' });
    expect(powerball.draws[0]?.type).toBe('lottery_ticket_draw');
    expect(offer(list, 'monday-wednesday-lotto').draws[0]?.prizePool).toEqual({
      amount: 1_000_000,
      currency: 'AUD',
    });
    const setForLife = offer(list, 'set-for-life').draws[0];
    expect(setForLife?.prizePool?.amount).toBe(20_000);
    expect(setForLife?.prizePoolSuffix).toBe(' a month*');
    const super66 = offer(list, 'super-66').draws[0];
    expect(super66?.isPrizePoolUnknown).toBe(true);
    expect(super66?.prizePool).toBeNull();
    expect(offer(list, 'powerball-syndicate').draws[0]?.type).toBe('syndicate_share_draw');
    expect(offer(list, 'coastal-prize-home').draws[0]?.type).toBe('raffle_ticket_draw');
  });

  it("announces a later draw's jackpot only when it is a fixed prize", async () => {
    const list = await offers();
    const powerballLater = offer(list, 'powerball').draws.slice(1);
    expect(powerballLater.length).toBeGreaterThan(0);
    for (const d of powerballLater) {
      expect(d.isPrizePoolUnknown).toBe(true);
      expect(d.prizePool).toBeNull();
    }
    for (const d of offer(list, 'monday-wednesday-lotto').draws) {
      expect(d.prizePool).toEqual({ amount: 1_000_000, currency: 'AUD' });
    }
  });

  it('draws follow the Sydney timetable of each game', async () => {
    const list = await offers();
    const sydney = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    for (const key of LOTTERY_KEYS) {
      const slots = GAMES[key].schedule.flatMap((s) =>
        s.weekdays.map(
          (w) => `${weekdays[w]} ${String(s.hour).padStart(2, '0')}:${String(s.minute).padStart(2, '0')}`,
        ),
      );
      for (const d of offer(list, key).draws) {
        const parts = Object.fromEntries(
          sydney.formatToParts(new Date(d.drawDate)).map((p) => [p.type, p.value]),
        );
        expect(slots, `${key} ${d.drawDate}`).toContain(`${parts.weekday} ${parts.hour}:${parts.minute}`);
      }
    }
  });

  it('describes game types, game offers and prices', async () => {
    const list = await offers();
    const powerball = offer(list, 'powerball');
    expect(powerball.highlighted).toBe(true);
    expect(powerball.megaJackpot).toBe(true);
    expect(offer(list, 'oz-lotto').highlighted).toBe(true);
    expect(powerball.brand?.logo).toBe('/cms/files/logo-powerball');
    expect(powerball.gameTypes.map((t) => t.key)).toEqual([
      'standard',
      'reduced_system',
      'powerhit',
      'random',
    ]);
    const standard = powerball.gameTypes[0];
    expect(standard?.defaultGameOffer).toBe('powerball-standard');
    const game = standard?.gameOffers[0];
    expect(game).toMatchObject({
      key: 'powerball-standard',
      minGames: 1,
      defaultGames: 18,
      priceCurrency: 'AUD',
    });
    expect(game?.numberSets).toEqual([
      { name: 'Numbers', count: 7, first: 1, last: 35 },
      { name: 'Powerball', count: 1, first: 1, last: 20 },
    ]);
    expect(game?.prices[0]).toEqual({ games: 1, price: { amount: 1.55, currency: 'AUD' } });
    expect(game?.prices.find((p) => p.games === 18)?.price.amount).toBe(27.9);
    const systems = powerball.gameTypes[1];
    expect(systems?.gameOffers.map((o) => o.name)).toEqual([
      'System 8',
      'System 9',
      'System 10',
      'System 11',
      'System 12',
    ]);
    expect(systems?.gameOffers[0]?.prices[0]?.price.amount).toBe(12.4);
    expect(systems?.gameOffers[0]?.gamesPerEntry).toBe(8);
    expect(powerball.gameTypes[2]?.gameOffers[0]?.gamesPerEntry).toBe(20);
    // Every price is a whole number of cents and each offer lists minGames..maxGames.
    for (const o of list) {
      for (const t of o.gameTypes) {
        expect(t.gameOffers.map((g) => g.key)).toContain(t.defaultGameOffer);
        for (const g of t.gameOffers) {
          expect(g.prices.map((p) => p.games)).toEqual(
            Array.from({ length: g.maxGames - g.minGames + 1 }, (_, i) => g.minGames + i),
          );
          for (const p of g.prices) expect(Number.isInteger(Math.round(p.price.amount * 100))).toBe(true);
        }
      }
    }
    expect(offer(list, 'lotto-strike').gameTypes.map((t) => [t.key, t.pathSuffix])).toEqual([
      ['strike_standard', ''],
      ['strike_boxed', '/boxed'],
    ]);
    expect(offer(list, 'super-66').gameTypes.map((t) => [t.key, t.pathSuffix])).toEqual([['sequential', '']]);
  });

  it('describes raffles and syndicates', async () => {
    const list = await offers();
    const raffle = offer(list, 'coastal-prize-home');
    expect(raffle.displayCategory).toBe('raffle');
    expect(raffle.causes).toEqual([
      {
        key: 'coastal-kids',
        urlSlug: 'coastal-childrens-hospital',
        name: "Coastal Children's Hospital Foundation",
      },
    ]);
    expect(raffle.raffle?.books.map((b) => [b.numTickets, b.price.amount])).toEqual([
      [1, 5],
      [3, 10],
      [10, 25],
      [30, 50],
    ]);
    expect(raffle.raffle?.prizes[0]?.rank).toBe(1);
    expect(raffle.raffle?.ticketsSold).toBeLessThan(raffle.raffle?.totalTickets ?? 0);
    expect(Date.parse(raffle.raffle?.closesAt ?? '')).toBeGreaterThan(Date.now());
    expect(raffle.draws[0]?.stop).toBe(raffle.raffle?.closesAt);
    expect(raffle.syndicate).toBeNull();

    const syndicate = offer(list, 'powerball-syndicate');
    // Shares sold are those of the draw on sale: each draw counts its own.
    const [onSale] = await db
      .select({ sold: syndicateDrawShares.sharesSold })
      .from(syndicateDrawShares)
      .innerJoin(draws, eq(draws.id, syndicateDrawShares.drawId))
      .where(
        and(
          eq(draws.productOfferKey, 'powerball-syndicate'),
          eq(draws.drawNo, syndicate.draws[0]?.drawNo ?? 0),
        ),
      );
    expect(syndicate.syndicate).toEqual({
      totalShares: 60,
      sharesSold: onSale?.sold ?? 0,
      lotteryKey: 'powerball',
    });
    expect(syndicate.costPerShare).toEqual({ amount: 12.4, currency: 'AUD' });
    expect(syndicate.tickets?.numStandardGames).toBe(480);
    expect(syndicate.size).toBe(60);
    expect(syndicate.raffle).toBeNull();
    // Syndicates close before the public draw they ride.
    const ridden = offer(list, 'powerball').draws.find((d) => d.drawNo === syndicate.draws[0]?.drawNo);
    expect(ridden?.drawDate).toBe(syndicate.draws[0]?.drawDate);
    expect(Date.parse(syndicate.draws[0]?.stop ?? '')).toBeLessThan(Date.parse(ridden?.stop ?? ''));
  });

  it('lists only lotteries for the lite pricing', async () => {
    const list = await offers('/v2/product_offers?pricing=lite');
    expect(new Set(list.map((o) => o.type))).toEqual(new Set(['lottery_ticket']));
    for (const key of LOTTERY_KEYS) expect(list.map((o) => o.key)).toContain(key);
    for (const key of [...RAFFLE_KEYS, ...SYNDICATE_KEYS, 'daily-winners']) {
      expect(list.map((o) => o.key)).not.toContain(key);
    }
  });

  it('treats a malformed pricing as absent and an unknown one as not found', async () => {
    const fallback = await offers('/v2/product_offers?pricing=%3Cscript%3E');
    expect(fallback.length).toBe((await offers()).length);
    const { status, body } = await get('/v2/product_offers?pricing=nope');
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 404, code: 'pricing_not_found', message: expect.any(String) });
    expect(body.messages[0].code).toBe('pricing_not_found');
  });
});

describe('GET /v2/pricing/{pricingName}/product_offers', () => {
  it('answers the named pricing', async () => {
    const lite = await offers('/v2/pricing/lite/product_offers');
    expect(lite.every((o) => o.type === 'lottery_ticket')).toBe(true);
    const full = await offers('/v2/pricing/default/product_offers');
    expect(full.map((o) => o.key)).toEqual((await offers()).map((o) => o.key));
  });

  it('is a version 3.9 call', async () => {
    expect((await get('/v2/pricing/default/product_offers', { 'x-api-version': '3.9' })).status).toBe(200);
    const old = await get('/v2/pricing/default/product_offers', { 'x-api-version': '3.8' });
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe('unsupported_version');
  });

  it('is 404 for an unknown or malformed pricing', async () => {
    for (const name of ['nope', '%3Cscript%3E', 'a%20b', "x'%3B--", 'a%00b']) {
      const { status, body } = await get(`/v2/pricing/${name}/product_offers`);
      expect(status, name).toBe(404);
      expect(body.error.code).toBe('pricing_not_found');
    }
  });
});

describe('GET /v2/branding and /v2/tips', () => {
  it('lists brands with logos that resolve', async () => {
    const { res, status, body } = await get('/v2/branding');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const brands = body.result.brands as { id: string; logo: string; region_overrides: unknown[] }[];
    const saturday = brands.find((b) => b.id === 'saturday-lotto');
    expect(saturday?.region_overrides.length).toBeGreaterThan(0);
    for (const key of LOTTERY_KEYS) expect(brands.map((b) => b.id)).toContain(key);
    for (const brand of brands) {
      const file = await app.inject({ method: 'GET', url: brand.logo });
      expect(file.statusCode, brand.logo).toBe(200);
    }
  });

  it('lists tips', async () => {
    const { res, status, body } = await get('/v2/tips');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1080');
    expect(TipsSchema.parse(camel(body.result)).tips.length).toBeGreaterThan(2);
  });
});

describe('GET /v2/statistics/{lotteryKey}', () => {
  it('counts every number of every drawn set over the past results', async () => {
    for (const key of LOTTERY_KEYS) {
      const { status, body } = await get(`/v2/statistics/${key}`);
      expect(status, key).toBe(200);
      const stats = StatisticsSchema.parse(camel(body.result));
      expect(stats.lotteryKey).toBe(key);
      expect(stats.drawsCounted, key).toBeGreaterThan(10);
      expect(Date.parse(stats.fromDate ?? '')).toBeLessThan(Date.parse(stats.toDate ?? ''));
      expect(Date.parse(stats.toDate ?? '')).toBeLessThan(Date.now());
      const main = stats.numberSets[0];
      const game = GAMES[key];
      expect(main?.name).toBe('Numbers');
      expect(main?.frequencies.map((f) => f.number)).toEqual(
        Array.from({ length: (main?.last ?? 0) - (main?.first ?? 0) + 1 }, (_, i) => (main?.first ?? 0) + i),
      );
      const total = main?.frequencies.reduce((n, f) => n + f.count, 0);
      expect(total, key).toBe(stats.drawsCounted * game.drawn.main);
    }
  });

  it('agrees with the stored results', async () => {
    const { body } = await get('/v2/statistics/powerball');
    const stats = StatisticsSchema.parse(camel(body.result));
    const rows = await db
      .select({ drawNo: draws.drawNo, numbers: drawResults.numbers })
      .from(draws)
      .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
      .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
      .where(
        and(
          eq(productOffers.lotteryKey, 'powerball'),
          eq(productOffers.type, 'lottery_ticket'),
          inArray(draws.status, [...RESULT_STATUSES]),
        ),
      );
    expect(stats.drawsCounted).toBe(rows.length);
    const powerballs = stats.numberSets.find((s) => s.name === 'Powerball');
    expect(powerballs?.frequencies).toHaveLength(20);
    expect(powerballs?.frequencies.reduce((n, f) => n + f.count, 0)).toBe(rows.length);
    for (const n of [1, 7, 20, 35]) {
      const drawnIn = rows.filter((r) => r.numbers.Numbers?.includes(n));
      const freq = stats.numberSets[0]?.frequencies.find((f) => f.number === n);
      expect(freq?.count, `number ${n}`).toBe(drawnIn.length);
      const lastNo = drawnIn.length ? Math.max(...drawnIn.map((r) => r.drawNo)) : null;
      expect(freq?.lastDrawnDrawNo).toBe(lastNo);
    }
  });

  it('counts supplementary and bonus balls as sets of their own', async () => {
    const oz = StatisticsSchema.parse(camel((await get('/v2/statistics/oz-lotto')).body.result));
    expect(oz.numberSets.map((s) => s.name)).toEqual(['Numbers', 'Supplementary']);
    const supp = oz.numberSets[1]?.frequencies.reduce((n, f) => n + f.count, 0);
    expect(supp).toBe(oz.drawsCounted * 3);
    const sfl = StatisticsSchema.parse(camel((await get('/v2/statistics/set-for-life')).body.result));
    expect(sfl.numberSets.map((s) => s.name)).toEqual(['Numbers', 'Bonus']);
    const super66 = StatisticsSchema.parse(camel((await get('/v2/statistics/super-66')).body.result));
    expect(super66.numberSets[0]?.first).toBe(0);
    expect(super66.numberSets[0]?.frequencies).toHaveLength(10);
  });

  it('is 404 for an unknown, malformed or non-lottery key', async () => {
    for (const key of ['nope', 'powerball-syndicate', '%3Cscript%3E', 'power%20ball', 'power%00ball']) {
      const { status, body } = await get(`/v2/statistics/${key}`);
      expect(status, key).toBe(404);
      expect(body.error.code).toBe('lottery_not_found');
    }
  });
});

describe('GET /v2/causes', () => {
  it('lists causes with page info and the offers they are linked to', async () => {
    const { res, status, body } = await get('/v2/causes');
    expect(status).toBe(200);
    const [all] = await db.select({ n: count() }).from(causes);
    expect(body.page_info).toEqual({ offset: 0, limit: 10, total: all?.n });
    expect(all?.n).toBeGreaterThanOrEqual(2);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { causes: list } = CausesSchema.parse(camel(body.result));
    expect(list.map((c) => c.key).slice(0, 2)).toEqual(['coastal-kids', 'bush-rescue']);
    expect(list[0]?.productOfferKeys).toEqual(['coastal-prize-home']);
    expect(list[0]?.image).toBe('/cms/files/cause-coastal-kids');
    expect((await app.inject({ method: 'GET', url: list[0]?.image ?? '' })).statusCode).toBe(200);
  });

  it('filters by slug and pages with limit and offset', async () => {
    const bySlug = await get('/v2/causes?slug=bush-rescue-volunteers');
    expect(bySlug.body.result.causes.map((c: { key: string }) => c.key)).toEqual(['bush-rescue']);
    expect(bySlug.body.page_info.total).toBe(1);
    expect((await get('/v2/causes?slug=nobody')).body.result.causes).toEqual([]);
    const second = await get('/v2/causes?limit=1&offset=1');
    expect(second.body.page_info).toMatchObject({ offset: 1, limit: 1 });
    expect(second.body.result.causes.map((c: { key: string }) => c.key)).toEqual(['bush-rescue']);
  });

  it('rejects a bad limit or offset with a validation error, not a 500', async () => {
    for (const query of ['limit=abc', 'limit=0', 'limit=1000', 'offset=-1', 'limit=1.5', 'slug=a&slug=b']) {
      const { status, body } = await get(`/v2/causes?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('validation_error');
    }
  });

  it('answers one cause by key or slug, 404 otherwise', async () => {
    const { status, body } = await get('/v2/causes/coastal-kids');
    expect(status).toBe(200);
    expect(CauseSchema.parse(camel(body.result)).productOfferKeys).toEqual(['coastal-prize-home']);
    expect((await get('/v2/causes/coastal-childrens-hospital')).body.result.key).toBe('coastal-kids');
    for (const key of ['nope', '%27%3B%20drop%20table', 'a.b', 'a%00b']) {
      const missing = await get(`/v2/causes/${key}`);
      expect(missing.status, key).toBe(404);
      expect(missing.body.error.code).toBe('cause_not_found');
    }
  });
});

describe('server-side cache', () => {
  it('keeps an answer for its lifetime and drops it on clear_cache', async () => {
    const before = await get('/v2/causes?limit=50');
    const cause = await createCause(db);
    try {
      const cachedAnswer = await get('/v2/causes?limit=50');
      expect(cachedAnswer.body).toEqual(before.body);
      const cleared = await get('/v2/causes?limit=50&clear_cache');
      expect(cleared.body.result.causes.map((c: { key: string }) => c.key)).toContain(cause.key);
      expect(cleared.res.headers['cache-control']).toBe('public, max-age=60');
      // The refreshed entry now serves requests without the flag.
      const after = await get('/v2/causes?limit=50');
      expect(after.body.page_info.total).toBe(before.body.page_info.total + 1);
    } finally {
      await db.delete(causes).where(eq(causes.key, cause.key));
      await get('/v2/causes?limit=50&clear_cache=1');
    }
  });

  it('caches product offers per pricing', async () => {
    const lite = await get('/v2/product_offers?pricing=lite');
    const full = await get('/v2/product_offers');
    expect(lite.body.result.offers.length).toBeLessThan(full.body.result.offers.length);
    const again = await get('/v2/product_offers?pricing=lite&clear_cache');
    expect(again.body.result.offers.length).toBe(lite.body.result.offers.length);
  });
});

describe('seeded catalogue', () => {
  it('has the offers every other module relies on', async () => {
    const rows = await db.select({ key: productOffers.key }).from(productOffers);
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });

  it('seeds once: running the seed again changes nothing', async () => {
    const counts = async () => {
      const { rows } = await pool.query<{ t: string; n: string }>(
        `select 'offers' t, count(*) n from product_offers union all
         select 'prices', count(*) from game_offer_prices union all
         select 'results', count(*) from draw_results union all
         select 'divisions', count(*) from draw_prize_divisions union all
         select 'cms', count(*) from cms_items union all
         select 'translations', count(*) from translations union all
         select 'draws', count(*) from draws`,
      );
      return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
    };
    const before = await counts();
    expect(await seed(db, { now: new Date() })).toBe(false);
    const after = await counts();
    // A draw whose entries closed since the run started makes room for one more ahead.
    expect({ ...after, draws: 0 }).toEqual({ ...before, draws: 0 });
    expect(after.draws).toBeGreaterThanOrEqual(before.draws ?? 0);
    expect(after.draws).toBeLessThanOrEqual((before.draws ?? 0) + 2);
  });
});
