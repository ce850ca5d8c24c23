/**
 * A minimum jackpot taken with a lottery autoplay in the cart: added and edited on anonymous and
 * customer carts, shown on the item, kept by a build and a merge, refused (422, nothing changes) when
 * the rule or the item does not take it, and given to the recurring purchase checkout starts.
 */
import { cartItems, eq, recurringPurchases } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { cartCalls, PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);
const { cart, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);

afterEach(() => pairs.takeOffSale());

const AUTOPLAY = { type: 'autoplay', enabled: true };
const TWENTY_MILLION = { amount: 20_000_000, currency: 'AUD' };
const autoplayItem = (minimum: unknown, overrides: Record<string, unknown> = {}) => ({
  ...PB_ITEM,
  recurring_purchase: AUTOPLAY,
  minimum_jackpot_amount: minimum,
  ...overrides,
});

type Item = { id: string; minimum_jackpot_amount: unknown; recurring_purchase: unknown };
const itemsOf = (res: { json: () => { result: { cart_items: Item[] } } }) => res.json().result.cart_items;

describe('a minimum jackpot with autoplay in the cart', () => {
  it('is taken with an anonymous autoplay, shown on the item, changed or cleared by an edit, kept by a build', async () => {
    const token = await newAnonCart();
    const added = await cartCall(`/v2/anon-cart/${token}/items`, { body: autoplayItem(TWENTY_MILLION) });
    expect(added.statusCode, added.body).toBe(200);
    const [item] = itemsOf(added);
    expect(item).toMatchObject({ minimum_jackpot_amount: TWENTY_MILLION, recurring_purchase: AUTOPLAY });
    // The stored cents stay inside: the wire's recurring purchase is its type and whether it is on.
    expect(item?.recurring_purchase).toEqual(AUTOPLAY);
    const id = item?.id ?? '';

    const built = await cartCall(`/v2/anon-cart/${token}/build`, { method: 'POST' });
    expect(built.statusCode, built.body).toBe(200);
    expect(itemsOf(built)).toEqual([expect.objectContaining({ id, minimum_jackpot_amount: TWENTY_MILLION })]);

    const url = `/v2/anon-cart/${token}/items/${id}`;
    const changed = await cartCall(url, {
      method: 'PUT',
      body: autoplayItem({ amount: 35_000_000.5, currency: 'AUD' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(itemsOf(changed)[0]?.minimum_jackpot_amount).toEqual({ amount: 35_000_000.5, currency: 'AUD' });

    const cleared = await cartCall(url, { method: 'PUT', body: autoplayItem(null) });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(itemsOf(cleared)[0]).toMatchObject({ minimum_jackpot_amount: null, recurring_purchase: AUTOPLAY });
    const [row] = await db.select().from(cartItems).where(eq(cartItems.id, id));
    expect(row?.recurringPurchase).toEqual(AUTOPLAY);
  });

  it.each([
    ['zero', { amount: 0, currency: 'AUD' }, 'The minimum jackpot must be more than $0.'],
    ['a negative amount', { amount: -5, currency: 'AUD' }, 'The minimum jackpot must be more than $0.'],
    [
      'over $500 million',
      { amount: 500_000_000.01, currency: 'AUD' },
      'The minimum jackpot can be at most $500 million.',
    ],
    [
      'part of a cent',
      { amount: 1.005, currency: 'AUD' },
      'The minimum jackpot must be a whole amount in cents.',
    ],
    ['another currency', { amount: 20, currency: 'USD' }, 'The minimum jackpot must be in AUD.'],
  ])('refuses %s with 422 on the field, and the cart is unchanged', async (_name, minimum, message) => {
    const token = await newAnonCart();
    const first = await cartCall(`/v2/anon-cart/${token}/items`, { body: autoplayItem(TWENTY_MILLION) });
    const id = itemsOf(first)[0]?.id ?? '';

    for (const res of [
      await cartCall(`/v2/anon-cart/${token}/items`, { body: autoplayItem(minimum) }),
      await cartCall(`/v2/anon-cart/${token}/items/${id}`, { method: 'PUT', body: autoplayItem(minimum) }),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        error: { status: 422, code: 'validation_error', message },
        errors: { minimum_jackpot_amount: [{ code: 'invalid', message }] },
      });
    }
    const after = await cartCall(`/v2/anon-cart/${token}`);
    expect(itemsOf(after)).toEqual([expect.objectContaining({ id, minimum_jackpot_amount: TWENTY_MILLION })]);
  });

  it('refuses a minimum jackpot without autoplay, or on an item other than a lottery entry', async () => {
    const customer = await newCustomer(app);
    const cases: [unknown, string][] = [
      [{ ...PB_ITEM, minimum_jackpot_amount: TWENTY_MILLION }, 'choose Autoplay to set one'],
      [
        autoplayItem(TWENTY_MILLION, { recurring_purchase: { type: 'autoplay', enabled: false } }),
        'choose Autoplay to set one',
      ],
      [
        {
          syndicate: 'powerball-syndicate',
          num_shares: 1,
          recurring_purchase: AUTOPLAY,
          minimum_jackpot_amount: TWENTY_MILLION,
        },
        'Only a lottery autoplay',
      ],
    ];
    for (const [body, words] of cases) {
      const res = await cartCall('/v2/cart/items', { token: customer.access_token, body });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.minimum_jackpot_amount[0].message).toContain(words);
    }
    expect((await cart(customer.access_token)).cart_items).toEqual([]);
  });

  it('goes with the item when an anonymous cart joins the customer cart, and checkout starts the autoplay with it', async () => {
    await pairs.twoDraws();
    const token = await newAnonCart();
    const added = await cartCall(`/v2/anon-cart/${token}/items`, { body: autoplayItem(TWENTY_MILLION) });
    expect(added.statusCode, added.body).toBe(200);
    const customer = await newCustomer(app);
    const merged = await cartCall(`/v2/anon-cart/${token}/convert`, {
      method: 'POST',
      token: customer.access_token,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(itemsOf(merged)).toEqual([expect.objectContaining({ minimum_jackpot_amount: TWENTY_MILLION })]);

    const due = dueCents(await cart(customer.access_token));
    await fundWallet(db, customer.id, due);
    const bought = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
    const started = await db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, customer.id));
    expect(started).toEqual([
      expect.objectContaining({ type: 'autoplay', minimumJackpotCents: 2_000_000_000 }),
    ]);
    await db
      .update(recurringPurchases)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(recurringPurchases.customerId, customer.id));

    const play = await cartCall(`/v2/autoplay/${started[0]?.id}`, { token: customer.access_token });
    expect(play.json().result).toMatchObject({
      minimum_jackpot_amount: TWENTY_MILLION,
      frequency_label: 'Jackpots $20 million and over',
    });
  });
});
