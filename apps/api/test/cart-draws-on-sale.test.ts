/**
 * The cart takes an entry's first draw only among the draws the catalogue lists: the next one and
 * later ones whose pre-order window has started, at most five. Any other draw that exists is 400
 * `draw_closed` on `first_draw_no`, and the cart stays as it was.
 */
import { createDraw, createProductOffer, type DrawRow } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cartCalls } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);

const DAY_MS = 86_400_000;

/** A lottery of its own with six draws a day apart, and one between them whose pre-orders start tomorrow. */
async function lotteryWithDraws() {
  const offer = await createProductOffer(db);
  const now = Date.now();
  const upcoming: DrawRow[] = [];
  for (let day = 1; day <= 6; day++) {
    upcoming.push(
      await createDraw(db, offer.key, { drawAt: new Date(now + day * DAY_MS), purchaseStatus: 'pre_order' }),
    );
  }
  const notYetOnSale = await createDraw(db, offer.key, {
    drawAt: new Date(now + 2.5 * DAY_MS),
    preOrderStartAt: new Date(now + DAY_MS),
    purchaseStatus: 'pre_order',
  });
  return { offer, upcoming, notYetOnSale };
}

function item(offerKey: string, firstDrawNo: number) {
  return {
    lottery: offerKey,
    game_type: 'standard',
    game_offer: `${offerKey}-standard`,
    games: [{ numbers: [1, 2, 3, 4, 5, 6] }],
    num_draws: 1,
    first_draw_no: firstDrawNo,
  };
}

describe('first draw of a cart item', () => {
  it('is refused beyond the draws the catalogue lists, with the cart unchanged', async () => {
    const { offer, upcoming, notYetOnSale } = await lotteryWithDraws();
    const catalogue = await cartCall('/v2/product_offers?clear_cache');
    expect(catalogue.statusCode).toBe(200);
    const listed = catalogue.json().result.offers.find((o: { key: string }) => o.key === offer.key);
    const listedNumbers = listed.draws.map((d: { draw_no: number }) => d.draw_no);
    expect(listedNumbers).toEqual(upcoming.slice(0, 5).map((d) => d.drawNo));
    const sixth = upcoming[5];
    if (!sixth) throw new Error('no sixth draw');

    const token = await newAnonCart();
    const before = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    for (const draw of [sixth, notYetOnSale]) {
      expect(listedNumbers).not.toContain(draw.drawNo);
      const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: item(offer.key, draw.drawNo) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ status: 400, code: 'draw_closed' });
      expect(res.json().errors.first_draw_no).toEqual([
        { code: 'draw_closed', message: 'Entries for this draw have closed.' },
      ]);
      expect((await cartCall(`/v2/anon-cart/${token}`)).json().result).toEqual(before);
    }

    // The last listed draw is taken, on pre-order, as the catalogue says.
    const fifth = listed.draws[4];
    const added = await cartCall(`/v2/anon-cart/${token}/items`, { body: item(offer.key, fifth.draw_no) });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().result.cart_items).toMatchObject([
      { draw_no: fifth.draw_no, purchase_status: fifth.purchase_status },
    ]);
    expect(fifth.purchase_status).toBe('pre_order');
  });
});
