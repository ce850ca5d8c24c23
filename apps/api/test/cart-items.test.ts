import {
  and,
  asc,
  draws,
  eq,
  gameOfferPrices,
  gameOffers,
  gt,
  ne,
  productOffers,
  raffleBooks,
  raffles,
  syndicateDrawShares,
} from '@drawhouse/db';
import {
  entryPriceCents,
  gameFromWire,
  rafflePriceCents,
  syndicatePriceCents,
  validateEntry,
  type WireGame,
} from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const V = { 'x-api-version': '3.3' };

type Opts = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; token?: string; version?: string };
const cartCall = (url: string, opts: Opts = {}) =>
  call(app, url, { ...opts, headers: opts.version ? { 'x-api-version': opts.version } : V });

async function newAnonCart(): Promise<string> {
  const res = await cartCall('/v2/anon-cart', { method: 'POST' });
  expect(res.statusCode).toBe(201);
  return res.json().result.cart_token as string;
}

async function pricesOf(gameOfferKey: string) {
  return db
    .select({ games: gameOfferPrices.games, priceCents: gameOfferPrices.priceCents })
    .from(gameOfferPrices)
    .where(eq(gameOfferPrices.gameOfferKey, gameOfferKey))
    .orderBy(asc(gameOfferPrices.games));
}

async function gameOffer(key: string) {
  const [row] = await db.select().from(gameOffers).where(eq(gameOffers.key, key));
  if (!row) throw new Error(`no game offer ${key}`);
  return row;
}

async function openDraws(offerKey: string) {
  return db
    .select()
    .from(draws)
    .where(
      and(eq(draws.productOfferKey, offerKey), eq(draws.status, 'DRAW_OPEN'), gt(draws.stopAt, new Date())),
    )
    .orderBy(asc(draws.drawAt));
}

const PB_GAME = { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 8 };

function pbItem(overrides: Record<string, unknown> = {}) {
  return {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    games: [PB_GAME, { numbers: [35, 34, 33, 32, 31, 30, 29], powerball: [20] }],
    num_draws: 1,
    ...overrides,
  };
}

const cents = (money: { amount: number }) => Math.round(money.amount * 100);

describe('POST /v2/anon-cart/:ref/items (lottery)', () => {
  it('adds an entry at the server price, ignoring any client price, and answers the cart', async () => {
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { ...pbItem({ num_draws: 2 }), unit_price: { amount: 0.01, currency: 'AUD' }, price: 1 },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    const expected = entryPriceCents(await pricesOf('powerball-standard'), 2, 2);
    expect(expected).toBeGreaterThan(0);
    expect(result.cart_items).toHaveLength(1);
    const [item] = result.cart_items;
    expect(item).toMatchObject({
      product_type: 'lottery_ticket',
      lottery_key: 'powerball',
      game_type: 'standard',
      game_offer: 'powerball-standard',
      num_draws: 2,
      quantity: 1,
      quickpick: false,
      purchase_status: 'open',
      draw_no: (await openDraws('powerball'))[0]?.drawNo,
      games: [
        { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] },
        { numbers: [35, 34, 33, 32, 31, 30, 29], powerball: [20] },
      ],
    });
    expect(cents(item.unit_price)).toBe(expected);
    expect(cents(result.cart_total)).toBe(expected);
    const get = await cartCall(`/v2/anon-cart/${token}`);
    expect(get.json().result).toEqual(result);
  });

  it('prices systems and PowerHit with the offer price table', async () => {
    const token = await newAnonCart();
    const system = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: pbItem({
        game_type: 'reduced_system',
        game_offer: 'powerball-system-8',
        games: [{ numbers: [1, 2, 3, 4, 5, 6, 7, 8], powerball: 9 }],
      }),
    });
    expect(system.statusCode).toBe(200);
    const powerhit = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: pbItem({
        game_type: 'powerhit',
        game_offer: 'powerball-powerhit',
        games: [{ numbers: [1, 2, 3, 4, 5, 6, 7] }],
      }),
    });
    expect(powerhit.statusCode).toBe(200);
    const [s, p] = powerhit.json().result.cart_items;
    expect(cents(s.unit_price)).toBe(entryPriceCents(await pricesOf('powerball-system-8'), 1, 1));
    expect(cents(p.unit_price)).toBe(entryPriceCents(await pricesOf('powerball-powerhit'), 1, 1));
    expect(p.games).toEqual([{ numbers: [1, 2, 3, 4, 5, 6, 7] }]);
  });

  it('fills quick picks with valid games, keeping the numbers already picked', async () => {
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: pbItem({
        quickpick: true,
        num_games: 6,
        games: [{ numbers: [7, null, 23, null, null, null, null], powerball: null }],
      }),
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().result.cart_items;
    expect(item.quickpick).toBe(true);
    expect(item.games).toHaveLength(6);
    expect(item.games[0].numbers[0]).toBe(7);
    expect(item.games[0].numbers[2]).toBe(23);
    const offer = await gameOffer('powerball-standard');
    const games = (item.games as WireGame[]).map(gameFromWire);
    expect(
      validateEntry(
        {
          gameType: 'standard',
          minGames: offer.minGames,
          maxGames: offer.maxGames,
          numberSets: offer.numberSets,
        },
        { games },
      ),
    ).toEqual([]);
    expect(cents(item.unit_price)).toBe(entryPriceCents(await pricesOf('powerball-standard'), 6, 1));
    // Two quick picks of six games are not the same (1 in 10^50 odds of a false failure).
    const again = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: pbItem({ quickpick: true, num_games: 6, games: [] }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.cart_items[1].games).not.toEqual(item.games);
  });

  it('marks an entry for a later draw as a pre-order', async () => {
    const token = await newAnonCart();
    const later = (await openDraws('powerball'))[1];
    expect(later).toBeDefined();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: pbItem({ first_draw_no: later?.drawNo }),
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.cart_items[0]).toMatchObject({ draw_no: later?.drawNo, purchase_status: 'pre_order' });
    expect(result.pre_order_total).toEqual(result.cart_total);
  });

  it('refuses every invalid item with 400 and field errors, leaving the cart unchanged', async () => {
    const token = await newAnonCart();
    const first = await cartCall(`/v2/anon-cart/${token}/items`, { body: pbItem() });
    expect(first.statusCode).toBe(200);
    const before = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    const [closed] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.productOfferKey, 'powerball'), ne(draws.status, 'DRAW_OPEN')))
      .limit(1);
    const cases: [string, unknown, string][] = [
      ['unknown lottery', pbItem({ lottery: 'nope' }), 'lottery'],
      ['a raffle is not a lottery', pbItem({ lottery: 'coastal-prize-home' }), 'lottery'],
      ['unknown game type', pbItem({ game_type: 'nope' }), 'game_type'],
      ['unknown game offer', pbItem({ game_offer: 'nope' }), 'game_offer'],
      ['game offer of another type', pbItem({ game_offer: 'powerball-system-8' }), 'game_offer'],
      ['game offer of another lottery', pbItem({ game_offer: 'oz-lotto-standard' }), 'game_offer'],
      [
        'strings for numbers',
        pbItem({ games: [{ numbers: ['1', '2', '3', '4', '5', '6', '7'], powerball: 1 }] }),
        'games.numbers',
      ],
      [
        'fractional number',
        pbItem({ games: [{ numbers: [1.5, 2, 3, 4, 5, 6, 7], powerball: 1 }] }),
        'games.numbers',
      ],
      ['absurd num_games', pbItem({ quickpick: true, num_games: 1_000_000_000 }), 'num_games'],
      ['num_games not matching', pbItem({ num_games: 3 }), 'num_games'],
      ['absurd num_draws', pbItem({ num_draws: 1_000_000_000 }), 'num_draws'],
      ['zero draws', pbItem({ num_draws: 0 }), 'num_draws'],
      ['no num_draws', { ...pbItem(), num_draws: undefined }, 'num_draws'],
      [
        'out of range',
        pbItem({ games: [{ numbers: [1, 2, 3, 4, 5, 6, 36], powerball: 1 }] }),
        'games[0].numbers[6]',
      ],
      [
        'powerball out of range',
        pbItem({ games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 21 }] }),
        'games[0].powerball[0]',
      ],
      [
        'duplicate',
        pbItem({ games: [{ numbers: [1, 1, 3, 4, 5, 6, 7], powerball: 1 }] }),
        'games[0].numbers[1]',
      ],
      ['incomplete', pbItem({ games: [{ numbers: [1, 2, 3], powerball: 1 }] }), 'games[0].numbers'],
      ['missing powerball', pbItem({ games: [{ numbers: [1, 2, 3, 4, 5, 6, 7] }] }), 'games[0].powerball'],
      [
        'too many numbers, even with quick pick',
        pbItem({ quickpick: true, games: [{ numbers: [1, 2, 3, 4, 5, 6, 7, 8], powerball: 1 }] }),
        'games[0].numbers',
      ],
      ['no games', pbItem({ games: [] }), 'games'],
      ['too many games', pbItem({ games: Array(51).fill(PB_GAME) }), 'games'],
      ['unknown set', pbItem({ games: [{ ...PB_GAME, favourites: [1] }] }), 'games[0].favourites'],
      ['extra key in a game', pbItem({ games: [{ ...PB_GAME, bonus: 1 }] }), 'games'],
      ['games not a list', pbItem({ games: 'lots' }), 'games'],
      ['cause on a lottery without causes', pbItem({ cause_key: 'coastal-kids' }), 'cause_key'],
      ['day the lottery does not draw', pbItem({ day: 'monday' }), 'day'],
      [
        'autoplay for two draws',
        pbItem({ num_draws: 2, recurring_purchase: { type: 'autoplay', enabled: true } }),
        'num_draws',
      ],
      [
        'subscription on a lottery',
        pbItem({ recurring_purchase: { type: 'subscription', enabled: true } }),
        'recurring_purchase',
      ],
      ['unknown draw', pbItem({ first_draw_no: 1 }), 'first_draw_no'],
      ['closed draw', pbItem({ first_draw_no: closed?.drawNo }), 'first_draw_no'],
      ['not an object', [1, 2, 3], 'general'],
    ];
    for (const [name, body, field] of cases) {
      const res = await cartCall(`/v2/anon-cart/${token}/items`, { body });
      expect(res.statusCode, name).toBe(400);
      const json = res.json();
      expect(Object.keys(json.errors ?? {}), `${name}: ${res.body}`).toContain(field);
    }
    const closedRes = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: pbItem({ first_draw_no: closed?.drawNo }),
    });
    expect(closedRes.json().error.code, closedRes.body).toBe('draw_closed');
    const after = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    expect(after).toEqual(before);
  });

  it('answers 404 for an unknown cart and needs API version 3.3', async () => {
    const unknown = await cartCall(`/v2/anon-cart/${'x'.repeat(43)}/items`, { body: pbItem() });
    expect(unknown.statusCode).toBe(404);
    const token = await newAnonCart();
    const old = await cartCall(`/v2/anon-cart/${token}/items`, { body: pbItem(), version: '3.2' });
    expect(old.statusCode).toBe(400);
    expect((await cartCall(`/v2/anon-cart/${token}`)).json().result.cart_items).toEqual([]);
  });
});

describe('PUT .../items/:itemId (lottery)', () => {
  it('replaces an entry in place, with the same checks', async () => {
    const token = await newAnonCart();
    const added = await cartCall(`/v2/anon-cart/${token}/items`, { body: pbItem() });
    const id = added.json().result.cart_items[0].id as string;
    const res = await cartCall(`/v2/anon-cart/${token}/items/${id}`, {
      method: 'PUT',
      body: pbItem({ games: [PB_GAME], num_draws: 3 }),
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().result.cart_items;
    expect(item).toMatchObject({
      id,
      num_draws: 3,
      games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }],
    });
    expect(cents(item.unit_price)).toBe(entryPriceCents(await pricesOf('powerball-standard'), 1, 3));
    const bad = await cartCall(`/v2/anon-cart/${token}/items/${id}`, {
      method: 'PUT',
      body: pbItem({ games: [{ numbers: [1, 2], powerball: 1 }] }),
    });
    expect(bad.statusCode).toBe(400);
    expect((await cartCall(`/v2/anon-cart/${token}`)).json().result).toEqual(res.json().result);
  });

  it('answers 404 for another cart item or an unknown id, changing nothing', async () => {
    const mine = await newAnonCart();
    const theirs = await newAnonCart();
    const other = await cartCall(`/v2/anon-cart/${theirs}/items`, { body: pbItem() });
    const otherId = other.json().result.cart_items[0].id as string;
    for (const id of [otherId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await cartCall(`/v2/anon-cart/${mine}/items/${id}`, { method: 'PUT', body: pbItem() });
      expect(res.statusCode).toBe(404);
    }
    expect((await cartCall(`/v2/anon-cart/${mine}`)).json().result.cart_items).toEqual([]);
    expect((await cartCall(`/v2/anon-cart/${theirs}`)).json().result).toEqual(other.json().result);
  });
});

describe('signed-in cart items', () => {
  it('adds and replaces items of the customer cart, and not of another customer', async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const added = await cartCall('/v2/cart/items', { body: pbItem(), token: alice.access_token });
    expect(added.statusCode).toBe(200);
    const id = added.json().result.cart_items[0].id as string;
    expect(added.json().result.expiry).toBeNull();
    const put = await cartCall(`/v2/cart/items/${id}`, {
      method: 'PUT',
      body: pbItem({ num_draws: 2 }),
      token: alice.access_token,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().result.cart_items[0]).toMatchObject({ id, num_draws: 2 });
    const bobs = await cartCall(`/v2/cart/items/${id}`, {
      method: 'PUT',
      body: pbItem(),
      token: bob.access_token,
    });
    expect(bobs.statusCode).toBe(404);
    const get = await cartCall('/v2/cart/items', { token: bob.access_token });
    expect(get.json().result.cart_items).toEqual([]);
    const anonymous = await cartCall('/v2/cart/items', { body: pbItem() });
    expect(anonymous.statusCode).toBe(401);
    const bad = await cartCall('/v2/cart/items', {
      body: pbItem({ quickpick: true, num_games: 1_000_000_000 }),
      token: alice.access_token,
    });
    expect(bad.statusCode).toBe(400);
    expect((await cartCall('/v2/cart/items', { token: alice.access_token })).json().result).toEqual(
      put.json().result,
    );
  });
});

describe('raffle and syndicate items', () => {
  it('adds a raffle book at the book price, with the raffle cause', async () => {
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { lottery: 'coastal-prize-home', book: 10, unit_price: { amount: 0.01 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().result.cart_items;
    const [book] = await db
      .select()
      .from(raffleBooks)
      .where(and(eq(raffleBooks.productOfferKey, 'coastal-prize-home'), eq(raffleBooks.numTickets, 10)));
    expect(item).toMatchObject({
      product_type: 'raffle_ticket',
      lottery_key: 'coastal-prize-home',
      num_tickets: 10,
      cause_key: 'coastal-kids',
      purchase_status: 'open',
      num_draws: 1,
    });
    expect(cents(item.unit_price)).toBe(rafflePriceCents([book!], 10));
  });

  it('refuses a book size not offered, another cause, sold-out and closed raffles, changing nothing', async () => {
    const token = await newAnonCart();
    const cases: [unknown, string, string][] = [
      [{ lottery: 'coastal-prize-home', book: 7 }, 'book', 'validation_error'],
      [{ lottery: 'coastal-prize-home', book: 'ten' }, 'book', 'validation_error'],
      [{ lottery: 'coastal-prize-home', book: 1, cause_key: 'bush-rescue' }, 'cause_key', 'validation_error'],
      [{ lottery: 'powerball', book: 1 }, 'lottery', 'validation_error'],
      [{ lottery: 'nope', book: 1 }, 'lottery', 'validation_error'],
    ];
    for (const [body, field, code] of cases) {
      const res = await cartCall(`/v2/anon-cart/${token}/items`, { body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code, res.body).toBe(code);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    const [raffle] = await db
      .select()
      .from(raffles)
      .where(eq(raffles.productOfferKey, 'bush-rescue-car-raffle'));
    if (!raffle) throw new Error('no raffle');
    try {
      await db
        .update(raffles)
        .set({ ticketsSold: raffle.totalTickets - 2 })
        .where(eq(raffles.productOfferKey, raffle.productOfferKey));
      const tooBig = await cartCall(`/v2/anon-cart/${token}/items`, {
        body: { lottery: 'bush-rescue-car-raffle', book: 3 },
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().error.code).toBe('sold_out');
      await db
        .update(raffles)
        .set({ ticketsSold: raffle.totalTickets })
        .where(eq(raffles.productOfferKey, raffle.productOfferKey));
      const gone = await cartCall(`/v2/anon-cart/${token}/items`, {
        body: { lottery: 'bush-rescue-car-raffle', book: 1 },
      });
      expect(gone.json().error.code).toBe('sold_out');
      await db
        .update(raffles)
        .set({ ticketsSold: raffle.ticketsSold, closesAt: new Date(Date.now() - 1000) })
        .where(eq(raffles.productOfferKey, raffle.productOfferKey));
      const closed = await cartCall(`/v2/anon-cart/${token}/items`, {
        body: { lottery: 'bush-rescue-car-raffle', book: 1 },
      });
      expect(closed.json().error.code).toBe('draw_closed');
    } finally {
      await db
        .update(raffles)
        .set({ ticketsSold: raffle.ticketsSold, closesAt: raffle.closesAt })
        .where(eq(raffles.productOfferKey, raffle.productOfferKey));
    }
    expect((await cartCall(`/v2/anon-cart/${token}`)).json().result.cart_items).toEqual([]);
  });

  it('keeps a raffle subscription when the raffle takes subscriptions, and refuses it otherwise', async () => {
    const token = await newAnonCart();
    const subscribe = { type: 'subscription', enabled: true };
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { lottery: 'coastal-prize-home', book: 1, recurring_purchase: subscribe },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.cart_items).toMatchObject([
      { product_type: 'raffle_ticket', num_draws: 1, recurring_purchase: subscribe },
    ]);
    const autoplay = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: {
        lottery: 'coastal-prize-home',
        book: 1,
        recurring_purchase: { type: 'autoplay', enabled: true },
      },
    });
    expect(autoplay.statusCode, autoplay.body).toBe(400);
    expect(autoplay.json().errors.recurring_purchase[0].message).toBe(
      'This raffle does not offer this recurring purchase.',
    );
    const [offer] = await db.select().from(productOffers).where(eq(productOffers.key, 'coastal-prize-home'));
    if (!offer) throw new Error('no raffle offer');
    expect(offer.recurringPurchase).toEqual({ type: 'subscription', availability: 'optional' });
    try {
      for (const recurringPurchase of [
        null,
        { type: 'subscription' as const, availability: 'never' as const },
      ]) {
        await db.update(productOffers).set({ recurringPurchase }).where(eq(productOffers.key, offer.key));
        const refused = await cartCall(`/v2/anon-cart/${token}/items`, {
          body: { lottery: 'coastal-prize-home', book: 1, recurring_purchase: subscribe },
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().error.code).toBe('validation_error');
        expect(Object.keys(refused.json().errors)).toEqual(['recurring_purchase']);
      }
    } finally {
      await db
        .update(productOffers)
        .set({ recurringPurchase: offer.recurringPurchase })
        .where(eq(productOffers.key, offer.key));
    }
    expect((await cartCall(`/v2/anon-cart/${token}`)).json().result).toEqual(res.json().result);
  });

  it('adds syndicate shares at cost per share x shares, not more than the shares left', async () => {
    const [offer] = await db.select().from(productOffers).where(eq(productOffers.key, 'oz-lotto-syndicate'));
    if (!offer?.costPerShareCents) throw new Error('no syndicate');
    // Each draw sells its own shares: what is left of the draw on sale.
    const [onSale] = await openDraws(offer.key);
    const [sold] = onSale
      ? await db.select().from(syndicateDrawShares).where(eq(syndicateDrawShares.drawId, onSale.id))
      : [];
    const left = (offer.syndicateTotalShares ?? 0) - (sold?.sharesSold ?? 0);
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { syndicate: 'oz-lotto-syndicate', num_shares: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().result.cart_items;
    expect(item).toMatchObject({
      product_type: 'syndicate_share',
      num_shares: 3,
      lottery_key: 'oz-lotto-syndicate',
    });
    expect(cents(item.unit_price)).toBe(syndicatePriceCents(offer.costPerShareCents, 3));
    for (const body of [
      { syndicate: 'oz-lotto-syndicate', num_shares: left + 1 },
      { syndicate: 'oz-lotto-syndicate', num_shares: 0 },
      { syndicate: 'oz-lotto-syndicate', num_shares: 1_000_000_000 },
      { syndicate: 'powerball', num_shares: 1 },
      {
        syndicate: 'oz-lotto-syndicate',
        num_shares: 1,
        num_draws: 2,
        recurring_purchase: { type: 'autoplay', enabled: true },
      },
    ]) {
      const bad = await cartCall(`/v2/anon-cart/${token}/items`, { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const over = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { syndicate: 'oz-lotto-syndicate', num_shares: left + 1 },
    });
    expect(over.json().error.code).toBe('sold_out');
    expect((await cartCall(`/v2/anon-cart/${token}`)).json().result).toEqual(res.json().result);
  });
});

describe('quick pick on every lottery game offer', () => {
  it('adds a valid quick-picked entry at the table price for each game offer with open draws', async () => {
    const rows = await db
      .select({ offer: gameOffers, type: productOffers.type })
      .from(gameOffers)
      .innerJoin(productOffers, eq(productOffers.key, gameOffers.productOfferKey))
      .where(eq(productOffers.type, 'lottery_ticket'));
    expect(rows.length).toBeGreaterThan(5);
    const token = await newAnonCart();
    let tried = 0;
    for (const { offer } of rows) {
      if ((await openDraws(offer.productOfferKey)).length === 0) continue;
      tried++;
      const res = await cartCall(`/v2/anon-cart/${token}/items`, {
        body: {
          lottery: offer.productOfferKey,
          game_type: offer.gameTypeKey,
          game_offer: offer.key,
          quickpick: true,
          num_games: offer.minGames,
          num_draws: 1,
          // The one lottery with a day choice needs its day.
          ...(offer.productOfferKey === 'monday-wednesday-lotto' ? { day: 'wednesday' } : {}),
        },
      });
      expect(res.statusCode, `${offer.key}: ${res.body}`).toBe(200);
      const items = res.json().result.cart_items;
      const item = items[items.length - 1];
      expect(item.games).toHaveLength(offer.minGames);
      const games = (item.games as WireGame[]).map(gameFromWire);
      const failures = validateEntry(
        { gameType: offer.gameTypeKey, minGames: 1, maxGames: offer.maxGames, numberSets: offer.numberSets },
        { games },
      );
      expect(failures, offer.key).toEqual([]);
      expect(cents(item.unit_price), offer.key).toBe(
        entryPriceCents(await pricesOf(offer.key), offer.minGames, 1),
      );
    }
    expect(tried).toBeGreaterThan(5);
  });
});
