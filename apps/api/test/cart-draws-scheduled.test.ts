/**
 * An entry is sold only for draws that are scheduled. A lottery or syndicate item asking for more
 * draws than there are from its first draw on is refused on `num_draws` (nothing added); a line stored
 * for more is taken out at purchase and charged nothing; and `ledger:check` fails on any order that
 * holds fewer tickets than the draws it paid for.
 */
import { cartItems, createDraw, createProductOffer, eq, orders, tickets } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { cartCalls } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { operatorRun } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);
const { add, cart, purchase } = checkoutCalls(app);

const DAY_MS = 86_400_000;

/** A lottery of its own with three draws scheduled, a day apart, numbered in order. */
async function lotteryWithThreeDraws() {
  const offer = await createProductOffer(db);
  const now = Date.now();
  const first = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const scheduled = [];
  for (let i = 0; i < 3; i++) {
    scheduled.push(
      await createDraw(db, offer.key, {
        drawNo: first + i,
        drawAt: new Date(now + (i + 1) * DAY_MS),
        purchaseStatus: 'pre_order',
      }),
    );
  }
  return { offer, scheduled };
}

const item = (offerKey: string, numDraws: number) => ({
  lottery: offerKey,
  game_type: 'standard',
  game_offer: `${offerKey}-standard`,
  games: [{ numbers: [1, 2, 3, 4, 5, 6] }],
  num_draws: numDraws,
});

describe('an entry for more draws than are scheduled', () => {
  it.each([10, 52])(
    'is refused on num_draws for %i draws when 3 are scheduled, the cart unchanged',
    async (n) => {
      const { offer } = await lotteryWithThreeDraws();
      const token = await newAnonCart();
      const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: item(offer.key, n) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().errors.num_draws).toEqual([
        {
          code: 'not_scheduled',
          message: 'Only 3 draws are scheduled from this draw: choose from 1 to 3 draws.',
        },
      ]);
      expect((await cartCall(`/v2/anon-cart/${token}`)).json().result.cart_items).toEqual([]);
    },
  );

  it('counts the draws from the first draw chosen', async () => {
    const { offer, scheduled } = await lotteryWithThreeDraws();
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { ...item(offer.key, 3), first_draw_no: scheduled[1]?.drawNo },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.num_draws[0].message).toBe(
      'Only 2 draws are scheduled from this draw: choose from 1 to 2 draws.',
    );
  });

  it('is bought for the draws scheduled with a ticket for each; ledger:check fails on an order paid for more', async () => {
    const { offer, scheduled } = await lotteryWithThreeDraws();
    const customer = await newCustomer(app);
    expect((await add(customer.access_token, item(offer.key, 3))).statusCode).toBe(200);
    await fundWallet(db, customer.id, 10_000);
    const due = dueCents(await cart(customer.access_token));
    const res = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(200);
    const held = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));
    expect(held.map((t) => t.drawId).sort()).toEqual(scheduled.map((d) => d.id).sort());
    const [order] = await db.select().from(orders).where(eq(orders.customerId, customer.id));
    if (!order) throw new Error('no order');
    expect((await operatorRun(db, ['ledger:check'])).text).not.toContain(order.id);

    // An order charged for 10 draws that holds 3 tickets (as entries were sold before) is caught.
    await db.update(orders).set({ numDraws: 10 }).where(eq(orders.id, order.id));
    try {
      const bad = await operatorRun(db, ['ledger:check']);
      expect(bad.code).toBe(1);
      expect(bad.text).toContain('FAIL  every order has its tickets (one per draw paid for)');
      expect(bad.text).toContain(`"id":"${order.id}"`);
      expect(bad.text).toContain('"num_draws":10,"tickets":3');
    } finally {
      await db.update(orders).set({ numDraws: 3 }).where(eq(orders.id, order.id));
    }
  });

  it('stored in the cart for more draws than are scheduled, is taken out at purchase and nothing is charged', async () => {
    const { offer } = await lotteryWithThreeDraws();
    const customer = await newCustomer(app);
    const added = await add(customer.access_token, item(offer.key, 2));
    expect(added.statusCode).toBe(200);
    const id: string = added.json().result.cart_items[0].id;
    await db.update(cartItems).set({ numDraws: 10, unitPriceCents: 1_000 }).where(eq(cartItems.id, id));
    await fundWallet(db, customer.id, 10_000);
    const res = await purchase(customer.access_token, { expected_total: aud(1_000) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.cart_items).toEqual([
      {
        code: 'no_longer_valid',
        message: expect.stringContaining('Only 3 draws are scheduled from this draw'),
      },
    ]);
    expect(await db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
  });
});
