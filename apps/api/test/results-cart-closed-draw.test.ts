/**
 * A draw closes while entries for it wait in carts: the next read of the cart takes them out and
 * says so once, in `auto_removed_items` and in the envelope's `messages`, naming the entry and why.
 */
import { cartItems, createDraw, draws, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { cartCalls, lotteryPayload, PB_ITEM } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { powerballOffer } from './results-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);

/** An entry of a draw of the test's own offer, written beside the cart's Powerball item. */
async function entryOfOwnDraw(cartId: string) {
  const offer = await powerballOffer(db);
  const draw = await createDraw(db, offer.key);
  const [item] = await db
    .insert(cartItems)
    .values({
      cartId,
      productOfferKey: offer.key,
      productType: 'lottery_ticket',
      drawId: draw.id,
      firstDrawNo: draw.drawNo,
      unitPriceCents: 100,
      payload: lotteryPayload({ description: 'Test Powerball: 1 game' }),
    })
    .returning();
  if (!item) throw new Error('cart item was not stored');
  return { draw, item };
}

const closeDraw = (drawId: string) =>
  db.update(draws).set({ status: 'DRAW_CLOSED', closedAt: new Date() }).where(eq(draws.id, drawId));

const removal = (id: string) => ({
  id,
  reason: 'draw_closed',
  description: 'Test Powerball: 1 game',
  message: 'Entries closed for the draw of Test Powerball: 1 game, so it was taken out of your cart.',
});

describe('a cart read after the draw of an entry closed', () => {
  it('takes the entry out and tells it once, in the cart and in the messages (anonymous cart)', async () => {
    const token = await newAnonCart();
    const added = await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
    expect(added.statusCode, added.body).toBe(200);
    const [pb] = await db
      .select()
      .from(cartItems)
      .where(eq(cartItems.id, added.json().result.cart_items[0].id));
    if (!pb) throw new Error('no Powerball item');
    const { draw, item } = await entryOfOwnDraw(pb.cartId);

    const open = (await cartCall(`/v2/anon-cart/${token}`)).json();
    expect(open.result.cart_items).toHaveLength(2);
    expect(open.messages).toEqual([]);

    await closeDraw(draw.id);
    const read = await cartCall(`/v2/anon-cart/${token}`);
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body.result.cart_items.map((i: { id: string }) => i.id)).toEqual([pb.id]);
    expect(body.result.auto_removed_items).toEqual([removal(item.id)]);
    expect(body.messages).toEqual([{ code: 'draw_closed', message: removal(item.id).message }]);
    expect(await db.select().from(cartItems).where(eq(cartItems.id, item.id))).toEqual([]);

    const again = (await cartCall(`/v2/anon-cart/${token}`)).json();
    expect(again.messages).toEqual([]);
    expect(again.result.auto_removed_items).toEqual([]);
  });

  it("does the same on a signed-in customer's cart", async () => {
    const customer = await newCustomer(app);
    const added = await cartCall('/v2/cart/items', { body: PB_ITEM, token: customer.access_token });
    expect(added.statusCode, added.body).toBe(200);
    const [pb] = await db
      .select()
      .from(cartItems)
      .where(eq(cartItems.id, added.json().result.cart_items[0].id));
    if (!pb) throw new Error('no Powerball item');
    const { draw, item } = await entryOfOwnDraw(pb.cartId);
    await closeDraw(draw.id);

    const read = (await cartCall('/v2/cart/items', { token: customer.access_token })).json();
    expect(read.result.auto_removed_items).toEqual([removal(item.id)]);
    expect(read.messages).toEqual([{ code: 'draw_closed', message: removal(item.id).message }]);
    expect(read.result.cart_items).toHaveLength(1);
  });
});
