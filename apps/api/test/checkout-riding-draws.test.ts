/**
 * Products riding a lottery draw stop selling when that draw stops: a syndicate's share for draw N is
 * refused at purchase once the Oz Lotto draw N it rides has closed (early, by the clock, or with its
 * results published), even when the share was put in the cart before and the syndicate's own draw
 * still has its stop ahead; the cart says why and nothing is charged. The engine closes the riders
 * with the lottery draw, and purchases racing the stop are taken before it and refused after it, to
 * the second.
 */
import {
  and,
  createDraw,
  createProductOffer,
  type DrawRow,
  drawResults,
  draws,
  eq,
  inArray,
  ledgerTransfers,
  syndicateDrawShares,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { cartForCheckout } from '../src/modules/cart/index.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import {
  aud,
  balancesOf,
  buyersOfItem,
  checkoutCalls,
  dueCents,
  fundWallet,
  racingPurchases,
} from './checkout-helpers.ts';
import { ownDraw } from './draws-helpers.ts';
import { drainOutbox, getTestApp } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { add, cart, purchase } = checkoutCalls(app);
const { db, service } = racingPurchases();
const engine = drawEngineOf(app.deps);

const COST_PER_SHARE = 1_160;
let made: DrawRow[] = [];
afterEach(async () => {
  const ids = made.map((d) => d.id);
  made = [];
  if (ids.length > 0) {
    await db
      .update(draws)
      .set({ status: 'DRAW_CLOSED', closedAt: new Date() })
      .where(and(inArray(draws.id, ids), eq(draws.status, 'DRAW_OPEN')));
  }
});

/**
 * An Oz Lotto draw of the test's own (entries close in 2 minutes) and a syndicate of its own riding
 * it, whose draw of the same number closes a minute later than the lottery's: only the draw it rides
 * can stop it in time.
 */
async function ridingSyndicate(totalShares = 30) {
  const at = Date.now();
  const lotteryDraw = await ownDraw(db, 'oz-lotto', {
    stopAt: new Date(at + 120_000),
    drawAt: new Date(at + 240_000),
  });
  const offer = await createProductOffer(db, {
    type: 'syndicate_share',
    displayCategory: 'syndicate',
    lotteryKey: 'oz-lotto',
    costPerShareCents: COST_PER_SHARE,
    syndicateTickets: { numStandardGames: 240, numGames: 2, name: '2 × System 10' },
    syndicateTotalShares: totalShares,
    syndicateSharesSold: 0,
    recurringPurchase: null,
  });
  const draw = await createDraw(db, offer.key, {
    drawNo: lotteryDraw.drawNo,
    type: 'syndicate_share_draw',
    stopAt: new Date(at + 180_000),
    drawAt: lotteryDraw.drawAt,
  });
  made.push(lotteryDraw, draw);
  return { lotteryDraw, offer, draw };
}

/** A customer whose cart holds `shares` shares of the syndicate's draw, with money to pay for them. */
async function shareInCart(offerKey: string, drawNo: number, shares = 2) {
  const customer = await newCustomer(app);
  const added = await add(customer.access_token, {
    syndicate: offerKey,
    num_shares: shares,
    first_draw_no: drawNo,
  });
  expect(added.statusCode, added.body).toBe(200);
  await fundWallet(db, customer.id, 10_000);
  return { customer, due: dueCents(await cart(customer.access_token)) };
}

const drawOf = async (id: string) => (await db.select().from(draws).where(eq(draws.id, id)))[0];

describe('a syndicate share whose lottery draw has closed', () => {
  it('is refused at purchase once the draw it rides is closed and published; the answer says why, nothing is charged', async () => {
    const { lotteryDraw, offer, draw } = await ridingSyndicate();
    const { customer, due } = await shareInCart(offer.key, draw.drawNo);
    expect(due).toBe(2 * COST_PER_SHARE);

    // The Oz Lotto draw closed early and its results were published; the syndicate's draw is still open.
    const at = new Date();
    // Published with its result, as the engine leaves a drawn draw (later sweeps score it).
    await db.insert(drawResults).values({
      drawId: lotteryDraw.id,
      numbers: { Numbers: [3, 11, 17, 22, 28, 30, 35] },
      supplementary: [1, 2, 4],
      drawnAt: at,
    });
    await db
      .update(draws)
      .set({ status: 'DRAW_DRAWN', stopAt: at, closedAt: at, publishedAt: at })
      .where(eq(draws.id, lotteryDraw.id));
    expect((await drawOf(draw.id))?.status).toBe('DRAW_OPEN');

    const res = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body.error.code).toBe('draw_closed');
    expect(body.error.message).toContain(offer.name);
    expect(body.errors.cart_items[0].code).toBe('draw_closed');
    expect(await db.select().from(tickets).where(eq(tickets.customerId, customer.id))).toEqual([]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
    // The refusal took the share out of the cart: nothing is left to buy into the drawn draw.
    expect((await cart(customer.access_token)).cart_items).toEqual([]);
    const again = await add(customer.access_token, {
      syndicate: offer.key,
      num_shares: 1,
      first_draw_no: draw.drawNo,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('draw_closed');
  });

  it('leaves the cart when it is read, reported as closed', async () => {
    const { lotteryDraw, offer, draw } = await ridingSyndicate();
    const { customer } = await shareInCart(offer.key, draw.drawNo);
    await db
      .update(draws)
      .set({ status: 'DRAW_CLOSED', closedAt: new Date() })
      .where(eq(draws.id, lotteryDraw.id));
    const read = await cart(customer.access_token);
    expect(read.cart_items).toEqual([]);
    expect((read as unknown as { auto_removed_items: { reason: string }[] }).auto_removed_items).toEqual([
      expect.objectContaining({ reason: 'draw_closed' }),
    ]);
  });

  it('closes with the lottery draw: draw:close of the Oz Lotto draw closes the syndicate draw riding it', async () => {
    const { lotteryDraw, offer, draw } = await ridingSyndicate();
    const { customer, due } = await shareInCart(offer.key, draw.drawNo);
    await engine.closeEarly('oz-lotto', lotteryDraw.drawNo);
    // The riders close as its close's follower.
    await drainOutbox(app);
    const rider = await drawOf(draw.id);
    expect(rider?.status).toBe('DRAW_CLOSED');
    expect(rider?.stopAt.getTime()).toBeLessThanOrEqual(Date.now());
    const res = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('draw_closed');
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
  });
});

/** One real syndicate item, added the storefront's way, copied into the carts of `count` buyers. */
async function buyersOfShare(offerKey: string, drawNo: number, count: number) {
  const { customer, due } = await shareInCart(offerKey, drawNo, 1);
  const { items } = await db.transaction((tx) => cartForCheckout(tx, () => new Date()).build(customer.id));
  const template = items[0];
  if (!template) throw new Error('no syndicate item');
  return { buyers: await buyersOfItem(db, template, count, 10_000), due };
}

/** A purchase from the balance as `POST /cart/purchase` makes it: its status (or the refusal's). */
async function buy(customerId: string, due: number): Promise<number> {
  try {
    await db.transaction((tx) =>
      service.purchaseFromBalance(tx, customerId, { useWallet: true, expectedTotalCents: due }),
    );
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

/** `buy`, with when it was sent and by whom. */
async function timedBuy(customerId: string, due: number) {
  const sentAt = Date.now();
  return { sentAt, status: await buy(customerId, due), customerId };
}

async function soldInto(drawId: string) {
  const sold = await db.select().from(tickets).where(eq(tickets.drawId, drawId));
  const [count] = await db.select().from(syndicateDrawShares).where(eq(syndicateDrawShares.drawId, drawId));
  return { sold, sharesSold: count?.sharesSold ?? 0 };
}

describe('syndicate shares racing the stop of the draw they ride', () => {
  it('takes no share after the lottery draw stops, to the second, and the close keeps every share taken', async () => {
    const { lotteryDraw, offer, draw } = await ridingSyndicate(100);
    const { buyers, due } = await buyersOfShare(offer.key, draw.drawNo, 24);
    // The Oz Lotto draw stops 3 s from now, whole to the second; the syndicate's own stop is later.
    const stopAt = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000);
    await db.update(draws).set({ stopAt }).where(eq(draws.id, lotteryDraw.id));
    const start = stopAt.getTime() - 2_400;
    const answers = await Promise.all(
      buyers.map(async (customerId, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * 150 - Date.now())));
        return timedBuy(customerId, due);
      }),
    );
    await engine.advance(lotteryDraw.id);
    await drainOutbox(app);
    expect((await drawOf(lotteryDraw.id))?.status).toBe('DRAW_CLOSED');
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CLOSED');

    const taken = answers.filter((a) => a.status === 200);
    expect(taken.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200).length).toBeGreaterThan(0);
    for (const a of taken) expect(a.sentAt).toBeLessThan(stopAt.getTime());
    for (const a of answers.filter((x) => x.sentAt >= stopAt.getTime())) expect(a.status).toBe(409);
    const { sold, sharesSold } = await soldInto(draw.id);
    for (const t of sold) expect(t.createdAt.getTime()).toBeLessThan(stopAt.getTime());
    expect(sold.map((t) => t.customerId).sort()).toEqual(taken.map((a) => a.customerId).sort());
    expect(sharesSold).toBe(taken.length);
    const charged = await db
      .select()
      .from(ledgerTransfers)
      .where(and(inArray(ledgerTransfers.customerId, buyers), eq(ledgerTransfers.code, 'purchase')));
    expect(charged).toHaveLength(taken.length);
  }, 60_000);

  it('takes no share once draw:close of the lottery draw has returned, and the syndicate counts every share taken', async () => {
    const { lotteryDraw, offer, draw } = await ridingSyndicate(100);
    const { buyers, due } = await buyersOfShare(offer.key, draw.drawNo, 24);
    // One share bought before the close; fifteen racing it; the rest once it has returned.
    const buyNow = (customerId: string) => timedBuy(customerId, due);
    const [firstBuyer, ...others] = buyers;
    if (!firstBuyer) throw new Error('no buyers');
    const before = await buyNow(firstBuyer);
    let closedAt = Number.POSITIVE_INFINITY;
    const closing = engine.closeEarly('oz-lotto', lotteryDraw.drawNo).then(() => {
      closedAt = Date.now();
    });
    const racing = await Promise.all(others.slice(0, 15).map(buyNow));
    await closing;
    const after = await Promise.all(others.slice(15).map(buyNow));
    const answers = [before, ...racing, ...after];
    const taken = answers.filter((a) => a.status === 200);
    expect(taken.length).toBeGreaterThan(0);
    const late = answers.filter((x) => x.sentAt >= closedAt);
    expect(late.length).toBeGreaterThanOrEqual(8);
    for (const a of late) expect(a.status).toBe(409);
    await drainOutbox(app);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CLOSED');
    // The syndicate's close counted exactly the shares sold, and none was sold after it.
    const { sold, sharesSold } = await soldInto(draw.id);
    expect(sold.map((t) => t.customerId).sort()).toEqual(taken.map((a) => a.customerId).sort());
    expect(sharesSold).toBe(taken.length);
  }, 60_000);
});
