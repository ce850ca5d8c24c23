/**
 * Cart answers beyond adding items: item descriptions, the day rule, items whose draw closed taken
 * out and reported, blocked reasons, membership items and `build`.
 */
import { and, cartItems, desc, draws, eq, gameOfferPrices, ne, productOffers } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { cartCalls, cents, lotteryPayload, PB_ITEM } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);

const super66Item = {
  lottery: 'super-66',
  game_type: 'sequential',
  game_offer: 'super-66-sequential',
  games: [{ numbers: [1, 2, 3, 4, 5, 6] }],
  num_draws: 1,
};
const membership = { membership_program: 'daily-winners', membership_offer: 'daily-winners-monthly' };

async function cartIdOfToken(token: string): Promise<string> {
  const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
  expect(res.statusCode).toBe(200);
  const [item] = await db
    .select({ cartId: cartItems.cartId })
    .from(cartItems)
    .where(eq(cartItems.id, res.json().result.cart_items[0].id));
  if (!item) throw new Error('item not stored');
  return item.cartId;
}

describe('cart item details', () => {
  it('describes each item and gives its first draw date', async () => {
    const token = await newAnonCart();
    await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
    await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { syndicate: 'oz-lotto-syndicate', num_shares: 2 },
    });
    const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: membership });
    expect(res.statusCode, res.body).toBe(200);
    const [pb, share, member] = res.json().result.cart_items;
    expect(pb.description).toBe('Powerball: 1 game');
    expect(pb.num_games).toBe(1);
    expect(Date.parse(pb.draw_date)).toBeGreaterThan(Date.now());
    expect(share.description).toBe('Oz Lotto Syndicate (2 × System 10): 2 of 30 shares');
    expect(share.syndicate_key).toBe('oz-lotto-syndicate');
    expect(share.description.startsWith(share.syndicate_name)).toBe(true);
    expect(member).toMatchObject({
      product_type: 'membership',
      description: 'Daily Winners Club: Monthly membership',
      membership_program: 'daily-winners',
      membership_offer: 'daily-winners-monthly',
      membership_offer_name: 'Monthly',
      draw_date: null,
      recurring_purchase: { type: 'subscription', enabled: true },
    });
    expect(cents(member.unit_price)).toBe(1_000);
    expect(res.json().result.requires_unattended_payment_method).toBe(true);
  });
});

describe('the day of Monday & Wednesday Lotto', () => {
  const mw = {
    lottery: 'monday-wednesday-lotto',
    game_type: 'standard',
    game_offer: 'monday-wednesday-lotto-standard',
    games: [{ numbers: [1, 2, 3, 4, 5, 6] }],
    num_draws: 1,
  };
  it('is required, and the first draw falls on it', async () => {
    const token = await newAnonCart();
    const missing = await cartCall(`/v2/anon-cart/${token}/items`, { body: mw });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.day[0].message).toBe('Choose a draw day.');
    const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: { ...mw, day: 'wednesday' } });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().result.cart_items;
    expect(item.day).toBe('wednesday');
    expect(item.description).toBe('Monday & Wednesday Lotto (Wednesday): 1 game');
    const weekday = new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'Australia/Sydney' });
    expect(weekday.format(new Date(item.draw_date))).toBe('Wednesday');
  });
});

describe('items whose draw closed', () => {
  it('are taken out of the cart and reported once', async () => {
    const token = await newAnonCart();
    const cartId = await cartIdOfToken(token);
    const [past] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.productOfferKey, 'powerball'), ne(draws.status, 'DRAW_OPEN')))
      .orderBy(desc(draws.drawAt))
      .limit(1);
    if (!past) throw new Error('no past draw');
    const [stale] = await db
      .insert(cartItems)
      .values({
        cartId,
        productOfferKey: 'powerball',
        productType: 'lottery_ticket',
        drawId: past.id,
        firstDrawNo: past.drawNo,
        unitPriceCents: 170,
        payload: lotteryPayload({ description: 'Powerball: 1 game' }),
      })
      .returning();
    if (!stale) throw new Error('not inserted');
    const first = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    expect(first.auto_removed_items).toEqual([
      {
        id: stale.id,
        reason: 'draw_closed',
        description: 'Powerball: 1 game',
        message: 'Entries closed for the draw of Powerball: 1 game, so it was taken out of your cart.',
      },
    ]);
    expect(first.cart_items).toHaveLength(1);
    const again = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    expect(again.auto_removed_items).toEqual([]);
    expect(again.cart_items).toHaveLength(1);
  });
});

describe('blocked reasons', () => {
  it('block a restricted offer for a customer of a restricted state, not elsewhere', async () => {
    const wa = await newCustomer(app, {
      address: {
        address: '1 Hay St',
        suburb: 'Perth',
        state: 'WA',
        postcode: '6000',
        country: 'AU',
      },
    });
    const nsw = await newCustomer(app);
    for (const [customer, blocked] of [
      [wa, true],
      [nsw, false],
    ] as const) {
      const res = await cartCall('/v2/cart/items', { body: super66Item, token: customer.access_token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.blocked_reasons).toEqual(
        blocked
          ? {
              'licensing_restriction:super-66':
                'Super 66 cannot be sold to residents of WA or SA. Remove it from your cart to check out.',
            }
          : {},
      );
    }
    const token = await newAnonCart();
    const anon = await cartCall(`/v2/anon-cart/${token}/items`, { body: super66Item });
    expect(anon.json().result.blocked_reasons).toEqual({});
  });

  it('block an offer taken off sale until its item is removed', async () => {
    const token = await newAnonCart();
    await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
    await db.update(productOffers).set({ suspended: true }).where(eq(productOffers.key, 'powerball'));
    try {
      const cart = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
      expect(cart.blocked_reasons).toEqual({
        'unavailable:powerball': 'Powerball is not on sale right now. Remove it from your cart to check out.',
      });
    } finally {
      await db.update(productOffers).set({ suspended: false }).where(eq(productOffers.key, 'powerball'));
    }
  });
});

describe('membership items', () => {
  it('are one per program, refused for unknown periods, and changed in place', async () => {
    const token = await newAnonCart();
    const first = await cartCall(`/v2/anon-cart/${token}/items`, { body: membership });
    const id = first.json().result.cart_items[0].id;
    const twice = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { ...membership, membership_offer: 'daily-winners-annually' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.membership_program[0].code).toBe('duplicate');
    const unknown = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { ...membership, membership_offer: 'powerball-standard' },
    });
    expect(unknown.json().errors.membership_offer[0].code).toBe('unknown_membership_offer');
    const notMembership = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { membership_program: 'powerball', membership_offer: 'powerball-standard' },
    });
    expect(notMembership.json().errors.membership_program[0].code).toBe('unknown_membership');
    const changed = await cartCall(`/v2/anon-cart/${token}/items/${id}`, {
      method: 'PUT',
      body: { ...membership, membership_offer: 'daily-winners-annually' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const items = changed.json().result.cart_items;
    expect(items).toHaveLength(1);
    expect(items[0].id).toBe(id);
    expect(cents(items[0].unit_price)).toBe(9_600);
  });
});

describe('POST .../build', () => {
  it('prices every item again and takes out what no longer passes', async () => {
    const token = await newAnonCart();
    await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
    const added = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { ...PB_ITEM, games: [], quickpick: true, num_games: 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [, quick] = added.json().result.cart_items;
    const [price] = await db
      .select()
      .from(gameOfferPrices)
      .where(and(eq(gameOfferPrices.gameOfferKey, 'powerball-standard'), eq(gameOfferPrices.games, 1)));
    if (!price) throw new Error('no price');
    await db
      .update(gameOfferPrices)
      .set({ priceCents: price.priceCents + 10 })
      .where(and(eq(gameOfferPrices.gameOfferKey, 'powerball-standard'), eq(gameOfferPrices.games, 1)));
    try {
      const built = await cartCall(`/v2/anon-cart/${token}/build`, { method: 'POST' });
      expect(built.statusCode, built.body).toBe(200);
      const [pb, random] = built.json().result.cart_items;
      expect(cents(pb.unit_price)).toBe(price.priceCents + 10);
      expect(cents(random.unit_price)).toBe(cents(quick.unit_price));
      expect(random.games).toEqual(quick.games);
      expect(random.quickpick).toBe(true);
      expect(built.json().result.auto_removed_items).toEqual([]);
    } finally {
      await db
        .update(gameOfferPrices)
        .set({ priceCents: price.priceCents })
        .where(and(eq(gameOfferPrices.gameOfferKey, 'powerball-standard'), eq(gameOfferPrices.games, 1)));
    }
  });

  it('reports an item taken out because its offer stopped selling', async () => {
    const customer = await newCustomer(app);
    const added = await cartCall('/v2/cart/items', { body: PB_ITEM, token: customer.access_token });
    const id = added.json().result.cart_items[0].id;
    await db.update(productOffers).set({ suspended: true }).where(eq(productOffers.key, 'powerball'));
    try {
      const built = await cartCall('/v2/cart/build', { method: 'POST', token: customer.access_token });
      expect(built.statusCode, built.body).toBe(200);
      const cart = built.json().result;
      expect(cart.cart_items).toEqual([]);
      expect(cart.blocked_reasons).toEqual({});
      expect(cart.auto_removed_items).toEqual([
        {
          id,
          reason: 'no_longer_valid',
          description: 'Powerball: 1 game',
          message: expect.stringContaining('Powerball: 1 game was taken out of your cart'),
        },
      ]);
    } finally {
      await db.update(productOffers).set({ suspended: false }).where(eq(productOffers.key, 'powerball'));
    }
  });

  it('needs the cart holder', async () => {
    expect((await cartCall('/v2/cart/build', { method: 'POST' })).statusCode).toBe(401);
    const unknown = await cartCall(`/v2/anon-cart/${'x'.repeat(43)}/build`, { method: 'POST' });
    expect(unknown.statusCode).toBe(404);
  });
});
