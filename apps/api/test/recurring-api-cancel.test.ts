/**
 * Cancelling a pre-order against its charge: a pre-order cancelled before its draw opens is never
 * charged, one charged can no longer be cancelled, and a cancel racing the charge ends in exactly one
 * of the two, with the wallet matching.
 */
import { and, type DrawRow, draws, eq, inArray, scheduledPurchases, tickets } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { drawFollowUps } from '../src/jobs/draw-follow-ups.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { lotteryPayload } from './cart-helpers.ts';
import { balancesOf, fundWallet } from './checkout-helpers.ts';
import { ownDraw } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = { ...drawEngineOf(app.deps), ...drawFollowUps(app.deps) };

/**
 * The current Powerball draw and the next one (on pre-order), both the test's own; they go off sale
 * when the test ends, so the next test's draws are the ones on sale.
 */
async function twoDraws() {
  const at = Date.now();
  const seconds = (s: number) => new Date(at + s * 1000);
  const current = await ownDraw(db, 'powerball', { stopAt: seconds(60), drawAt: seconds(120) });
  const next = await ownDraw(db, 'powerball', {
    stopAt: seconds(90),
    drawAt: seconds(180),
    purchaseStatus: 'pre_order',
  });
  onTestFinished(async () => {
    await db
      .update(draws)
      .set({ status: 'DRAW_CLOSED', closedAt: new Date() })
      .where(and(inArray(draws.id, [current.id, next.id]), eq(draws.status, 'DRAW_OPEN')));
  });
  return { current, next };
}

/** A funded customer with a pre-order of one Powerball game for `draw`, not charged yet. */
async function preOrdered(draw: DrawRow) {
  const customer = await newCustomer(app);
  await fundWallet(db, customer.id, 10_000);
  const [row] = await db
    .insert(scheduledPurchases)
    .values({
      customerId: customer.id,
      kind: 'pre_order',
      productType: 'lottery_ticket',
      productOfferKey: 'powerball',
      drawId: draw.id,
      description: 'Powerball: 1 game',
      amountCents: 135,
      payload: lotteryPayload({ drawDate: draw.drawAt.toISOString(), purchaseStatus: 'pre_order' }),
    })
    .returning();
  return { customer, scheduled: row! };
}

const cancel = (customer: TestCustomer, id: string) =>
  call(app, `/v2/scheduled-purchases/${id}/cancel`, { token: customer.access_token, method: 'PATCH' });
const ticketsOf = (customerId: string) => db.select().from(tickets).where(eq(tickets.customerId, customerId));
const scheduledRow = async (id: string) =>
  (await db.select().from(scheduledPurchases).where(eq(scheduledPurchases.id, id)))[0]!;

describe('cancelling a pre-order and its charge', () => {
  it('never charges a pre-order cancelled before its draw opens', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrdered(next);
    expect((await cancel(customer, scheduled.id)).statusCode).toBe(200);
    await engine.closeEarly('powerball', current.drawNo);
    await engine.chargePreOrders();
    expect(await ticketsOf(customer.id)).toHaveLength(0);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 10_000, promo: 0 });
    expect(await scheduledRow(scheduled.id)).toMatchObject({ status: 'cancelled', chargedAt: null });
  });

  it('refuses to cancel once charged, keeping the purchase', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrdered(next);
    await engine.closeEarly('powerball', current.drawNo);
    await engine.chargePreOrders();
    expect((await scheduledRow(scheduled.id)).chargedAt).not.toBeNull();
    const res = await cancel(customer, scheduled.id);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'already_charged']);
    expect(await ticketsOf(customer.id)).toHaveLength(1);
    expect((await scheduledRow(scheduled.id)).status).toBe('active');
  });

  it('ends a cancel racing the charge in exactly one of the two', async () => {
    const { current, next } = await twoDraws();
    const all = await Promise.all([1, 2, 3, 4].map(() => preOrdered(next)));
    const [answers] = await Promise.all([
      Promise.all(all.map(({ customer, scheduled }) => cancel(customer, scheduled.id))),
      engine.closeEarly('powerball', current.drawNo).then(() => engine.chargePreOrders()),
    ]);
    await engine.chargePreOrders();
    for (const [i, { customer, scheduled }] of all.entries()) {
      const row = await scheduledRow(scheduled.id);
      const bought = await ticketsOf(customer.id);
      const { wallet } = await balancesOf(db, customer.id);
      if (answers[i]?.statusCode === 200) {
        expect([row.status, row.chargedAt, bought.length, wallet]).toEqual(['cancelled', null, 0, 10_000]);
      } else {
        expect(answers[i]?.json().error.code).toBe('already_charged');
        expect([row.status, bought.length, wallet]).toEqual(['active', 1, 10_000 - scheduled.amountCents]);
      }
    }
  });
});
