/**
 * Cart replay (`POST /v2/cart/replay/{orderId}`): a past checkout's entries put back in the cart for
 * the next draws, what cannot be bought now told in `auto_removed_items`, a second replay adding
 * nothing, another customer's order a 404.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, orders } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, add, purchase } = checkoutCalls(app);

const RAFFLE_ITEM = { lottery: 'coastal-prize-home', book: 3 };
const replay = (token: string, orderId: string) =>
  call(app, `/v2/cart/replay/${orderId}`, { token, method: 'POST', headers: { 'x-api-version': '3.3' } });

/** A customer who bought a Powerball entry and a raffle book: their checkout id. */
async function pastBuyer() {
  const customer = await newCustomer(app);
  const token = customer.access_token;
  for (const item of [PB_ITEM, RAFFLE_ITEM]) expect((await add(token, item)).statusCode).toBe(200);
  await fundWallet(db, customer.id, 10_000);
  const res = await purchase(token, { expected_total: aud(dueCents(await cart(token))) });
  expect(res.statusCode, res.body).toBe(200);
  return { customer, token, checkoutId: res.json().result.checkout_id as string };
}

describe('POST /v2/cart/replay/{orderId}', () => {
  it("puts a past order's entries back for the next draws, once however often it is asked", async () => {
    const { token, checkoutId } = await pastBuyer();
    expect((await cart(token)).cart_items).toHaveLength(0);
    const res = await replay(token, checkoutId);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().result;
    expect(view.auto_removed_items).toEqual([]);
    type Line = { lottery_key: string; games: unknown; num_tickets: number | null };
    const line = (key: string) => view.cart_items.find((i: Line) => i.lottery_key === key);
    expect(view.cart_items).toHaveLength(2);
    expect(line('powerball').games).toEqual(PB_ITEM.games.map((g) => ({ ...g, powerball: [g.powerball] })));
    expect(line('coastal-prize-home').num_tickets).toBe(3);
    const again = await replay(token, checkoutId);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.cart_items).toHaveLength(2);
    expect((await cart(token)).cart_items).toHaveLength(2);
  });

  it('says which entries cannot be bought again instead of dropping them', async () => {
    const { token, checkoutId } = await pastBuyer();
    await db
      .update(orders)
      .set({ productOfferKey: 'retired-lottery' })
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.productOfferKey, 'powerball')));
    const res = await replay(token, checkoutId);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().result;
    expect(view.cart_items.map((i: { lottery_key: string }) => i.lottery_key)).toEqual([
      'coastal-prize-home',
    ]);
    expect(view.auto_removed_items).toHaveLength(1);
    expect(view.auto_removed_items[0].message).toMatch(/^Powerball/);
    expect(res.json().messages.map((m: { code: string }) => m.code)).toEqual([
      view.auto_removed_items[0].reason,
    ]);
  });

  it("is 404 for another customer's order and an unknown one, and needs a customer", async () => {
    const { checkoutId } = await pastBuyer();
    const other = await newCustomer(app);
    const res = await replay(other.access_token, checkoutId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('order_not_found');
    expect((await cart(other.access_token)).cart_items).toHaveLength(0);
    expect((await replay(other.access_token, randomUUID())).statusCode).toBe(404);
    const anonymous = await call(app, `/v2/cart/replay/${checkoutId}`, {
      method: 'POST',
      headers: { 'x-api-version': '3.3' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
