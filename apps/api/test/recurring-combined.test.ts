/**
 * An offer sold as a combined recurring purchase: entries of it bought with autoplay in one checkout
 * start recurring purchases that share one group id (an autoplay of another offer in the same
 * checkout stays on its own), and when the draw on sale closes the processor buys each of them once
 * for the next draw.
 */
import {
  and,
  createProductOffer,
  customers,
  eq,
  gameTypes,
  inArray,
  productOffers,
  recurringPurchaseAttempts,
  recurringPurchases,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drawFollowUps } from '../src/jobs/draw-follow-ups.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { ownDraw, ownDrawPairs } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = { ...drawEngineOf(app.deps), ...drawFollowUps(app.deps) };
const { cart, add, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
const AUTOPLAY = { type: 'autoplay', enabled: true };
let started: string[] = [];
let offerKey: string | undefined;

afterEach(async () => {
  await pairs.takeOffSale();
  if (started.length > 0)
    await db
      .update(recurringPurchases)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(inArray(recurringPurchases.id, started));
  started = [];
  if (offerKey)
    await db
      .update(productOffers)
      .set({ availability: 'unavailable' })
      .where(eq(productOffers.key, offerKey));
  offerKey = undefined;
});

/**
 * A lottery offer of the test's own sold as a combined recurring purchase (its game type offers
 * autoplay), with its draw on sale now and the next one.
 */
async function combinedOffer() {
  const offer = await createProductOffer(db, {
    recurringPurchase: { type: 'combined_recurring_purchase', availability: 'optional' },
  });
  offerKey = offer.key;
  await db
    .update(gameTypes)
    .set({ recurringPurchase: { type: 'autoplay', availability: 'optional' } })
    .where(eq(gameTypes.productOfferKey, offer.key));
  const at = Date.now();
  const current = pairs.keep(
    await ownDraw(db, offer.key, { stopAt: new Date(at + 60_000), drawAt: new Date(at + 120_000) }),
  );
  const next = pairs.keep(
    await ownDraw(db, offer.key, {
      stopAt: new Date(at + 90_000),
      drawAt: new Date(at + 180_000),
      purchaseStatus: 'pre_order',
    }),
  );
  const entry = (numbers: number[]) => ({
    lottery: offer.key,
    game_type: 'standard',
    game_offer: `${offer.key}-standard`,
    games: [{ numbers }],
    num_draws: 1,
    recurring_purchase: AUTOPLAY,
  });
  return { offer, current, next, entry };
}

const ticketsIn = (customerId: string, drawId: string) =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.customerId, customerId), eq(tickets.drawId, drawId)));

describe('combined recurring purchases', () => {
  it('share one group id for the entries of one checkout, and are each bought once for the next draw', async () => {
    await pairs.twoDraws();
    const { offer, current, next, entry } = await combinedOffer();
    const customer = await newCustomer(app);
    await db.update(customers).set({ verifiedAt: new Date() }).where(eq(customers.id, customer.id));
    for (const body of [
      entry([1, 2, 3, 4, 5, 6]),
      entry([7, 8, 9, 10, 11, 12]),
      { ...PB_ITEM, recurring_purchase: AUTOPLAY },
    ]) {
      const res = await add(customer.access_token, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const due = dueCents(await cart(customer.access_token));
    await fundWallet(db, customer.id, due + 10_000);
    const bought = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);

    const rows = await db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, customer.id));
    started = rows.map((r) => r.id);
    const combined = rows.filter((r) => r.productOfferKey === offer.key);
    const others = rows.filter((r) => r.productOfferKey !== offer.key);
    expect(combined).toHaveLength(2);
    expect(combined.map((r) => r.type)).toEqual([
      'combined_recurring_purchase',
      'combined_recurring_purchase',
    ]);
    const groupId = combined[0]?.groupId;
    expect(groupId).toEqual(expect.any(String));
    expect(combined[1]?.groupId).toBe(groupId);
    expect(others).toEqual([
      expect.objectContaining({ productOfferKey: 'powerball', type: 'autoplay', groupId: null }),
    ]);

    const before = (await balancesOf(db, customer.id)).wallet;
    await engine.closeEarly(offer.key, current.drawNo);
    await engine.processRecurring({ offerKey: offer.key });
    await engine.processRecurring({ offerKey: offer.key });

    const boughtNext = await ticketsIn(customer.id, next.id);
    expect(boughtNext).toHaveLength(2);
    expect(boughtNext.map((t) => JSON.stringify(t.games)).sort()).toEqual([
      JSON.stringify([{ numbers: [1, 2, 3, 4, 5, 6] }]),
      JSON.stringify([{ numbers: [7, 8, 9, 10, 11, 12] }]),
    ]);
    const price = combined.reduce((sum, r) => sum + r.unitPriceCents * r.quantity, 0);
    expect((await balancesOf(db, customer.id)).wallet).toBe(before - price);
    const attempts = await db
      .select()
      .from(recurringPurchaseAttempts)
      .where(
        and(
          inArray(
            recurringPurchaseAttempts.recurringPurchaseId,
            combined.map((r) => r.id),
          ),
          eq(recurringPurchaseAttempts.periodKey, next.id),
        ),
      );
    expect(attempts.map((a) => a.status)).toEqual(['purchased', 'purchased']);
  });
});
