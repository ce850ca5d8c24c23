/**
 * A purchase refunded because its syndicate draw or its lotto party session was cancelled keeps
 * nothing of what it charged: the credit its voucher gave comes back out of promotional credit, by
 * the rule a pre-order's cancel follows (as far as the promotional balance goes, the rest recorded as
 * spent), once, in the refund's own transaction, the use still counted and the ledger balanced.
 */
import {
  and,
  draws,
  eq,
  ledgerTransfers,
  lottoPartySessions,
  tickets,
  voucherRedemptions,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { eventId } from '../src/modules/ledger/index.ts';
import { closeLottoPartySessions } from '../src/modules/lotto-party/index.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { cents, PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { operatorRun, ownDrawPairs } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';
import { lottoPartyCalls, pastStop } from './lotto-party-helpers.ts';
import { COST_PER_SHARE, ownSyndicates } from './syndicate-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { add, cart, purchase } = checkoutCalls(app);
const { ownSyndicate, closeNow } = ownSyndicates(app, db);
const { groupOf, sessionOf } = lottoPartyCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

const GAME = { numbers: [4, 11, 17, 22, 28, 31, 33], powerball: 5 };

/** Applies CREDIT20 to the customer's cart and buys it from the wallet: $20 of credit granted. */
async function buyWithCredit20(customer: TestCustomer) {
  const applied = await call(app, '/v2/cart/promotion', {
    token: customer.access_token,
    body: { promotion_code: 'CREDIT20' },
    headers: { 'x-api-version': '3.4' },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  const due = dueCents(await cart(customer.access_token));
  const bought = await purchase(customer.access_token, { expected_total: aud(due) });
  expect(bought.statusCode, bought.body).toBe(200);
  expect(cents(bought.json().result.receipt.promo_credit_granted)).toBe(2000);
  return { checkoutId: bought.json().result.receipt.checkout_id as string, paid: due };
}

/** A new customer with $100 in the wallet holding `shares` shares of the syndicate bought with CREDIT20. */
async function creditedShareBuyer(offerKey: string, shares: number) {
  const customer = await newCustomer(app);
  await fundWallet(db, customer.id, 10_000);
  const added = await add(customer.access_token, { syndicate: offerKey, num_shares: shares });
  expect(added.statusCode, added.body).toBe(200);
  const bought = await buyWithCredit20(customer);
  expect(bought.paid).toBe(shares * COST_PER_SHARE);
  expect(await balancesOf(db, customer.id)).toEqual({ wallet: 10_000 - bought.paid, promo: 2000 });
  return { customer, ...bought };
}

const redemptionOf = async (checkoutId: string) =>
  (await db.select().from(voucherRedemptions).where(eq(voucherRedemptions.checkoutId, checkoutId)))[0];

/** The customer's transfers taking voucher credit back. */
const takenBack = (customerId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.customerId, customerId), eq(ledgerTransfers.code, 'promo_credit')))
    .then((rows) => rows.filter((t) => t.description.startsWith('Promotional credit taken back')));

async function expectLedgerBalanced() {
  const check = await operatorRun(db, ['ledger:check']);
  expect(check.text).toContain('ok    customer account totals equal the sums of their transfers');
  expect(check.text).toContain('ok    no customer account below zero');
}

describe('a cancelled syndicate draw takes back the voucher credit of the shares it refunds', () => {
  it('a share bought with CREDIT20 is refunded in full and its $20 credit taken back, once', async () => {
    await pairs.twoDraws();
    const { offer, draw } = await ownSyndicate(11);
    const buyer = await creditedShareBuyer(offer.key, 3);

    expect(await closeNow(draw)).toBe(true);
    // The refund gives back what was paid; the credit the purchase earned goes back to the house.
    expect(await balancesOf(db, buyer.customer.id)).toEqual({ wallet: 10_000, promo: 0 });
    const redemption = await redemptionOf(buyer.checkoutId);
    expect(redemption).toMatchObject({
      promoCreditCents: 2000,
      clawedBackCents: 2000,
      clawbackShortfallCents: 0,
    });
    const moved = await takenBack(buyer.customer.id);
    expect(moved).toEqual([
      expect.objectContaining({
        id: eventId(`voucher-clawback:${redemption?.id}`),
        amountCents: 2000,
        reference: buyer.checkoutId,
      }),
    ]);

    // The close run again from the start refunds nothing and takes nothing twice.
    await db.update(draws).set({ status: 'DRAW_OPEN' }).where(eq(draws.id, draw.id));
    expect(await closeNow(draw)).toBe(true);
    expect(await balancesOf(db, buyer.customer.id)).toEqual({ wallet: 10_000, promo: 0 });
    expect(await takenBack(buyer.customer.id)).toHaveLength(1);
    // The use still counts: CREDIT20 is not offered again.
    expect((await add(buyer.customer.access_token, { ...PB_ITEM, games: [GAME] })).statusCode).toBe(200);
    const again = await call(app, '/v2/cart/promotion', {
      token: buyer.customer.access_token,
      body: { promotion_code: 'CREDIT20' },
      headers: { 'x-api-version': '3.4' },
    });
    expect(again.json().error.message).toMatch(/already used/);
    await expectLedgerBalanced();
  });

  it('credit spent already is recorded as a shortfall and the refund still goes through', async () => {
    await pairs.twoDraws();
    const { offer, draw } = await ownSyndicate(11);
    const buyer = await creditedShareBuyer(offer.key, 3);
    // Ten Powerball games ($15.50) paid with the credit first: $4.50 of it left.
    const ten = { ...PB_ITEM, games: Array.from({ length: 10 }, () => GAME) };
    expect((await add(buyer.customer.access_token, ten)).statusCode).toBe(200);
    const due = dueCents(await cart(buyer.customer.access_token));
    expect((await purchase(buyer.customer.access_token, { expected_total: aud(due) })).statusCode).toBe(200);
    const promoLeft = 2000 - due;
    expect((await balancesOf(db, buyer.customer.id)).promo).toBe(promoLeft);

    expect(await closeNow(draw)).toBe(true);
    expect(await balancesOf(db, buyer.customer.id)).toEqual({ wallet: 10_000, promo: 0 });
    expect(await redemptionOf(buyer.checkoutId)).toMatchObject({
      clawedBackCents: promoLeft,
      clawbackShortfallCents: due,
    });
    expect((await db.select().from(tickets).where(eq(tickets.customerId, buyer.customer.id))).length).toBe(2);
    await expectLedgerBalanced();
  });
});

describe('a cancelled lotto party session takes back the voucher credit of the shares it refunds', () => {
  it('a share bought with CREDIT20 is refunded in full and its $20 credit taken back, once', async () => {
    const { current } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    await fundWallet(db, owner.id, 5_000);
    const group = await groupOf(owner, []);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 100, 5);
    await db
      .update(lottoPartySessions)
      .set({ autosessionStatus: 'off' })
      .where(eq(lottoPartySessions.id, sessionId));
    expect((await add(owner.access_token, { session_id: sessionId, num_shares: 1 })).statusCode).toBe(200);
    const { checkoutId } = await buyWithCredit20(owner);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 4_900, promo: 2000 });

    // One $1 share cannot buy a $1.55 game: the session is cancelled and the share refunded.
    await pastStop(db, current.id);
    await engine.step(current.id);
    await drainOutbox(app);
    expect(
      (await db.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, sessionId)))[0]?.status,
    ).toBe('cancelled');
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 5_000, promo: 0 });
    expect(await redemptionOf(checkoutId)).toMatchObject({
      clawedBackCents: 2000,
      clawbackShortfallCents: 0,
    });
    expect(await takenBack(owner.id)).toHaveLength(1);

    expect(await closeLottoPartySessions({ db, now: () => new Date() }, current.id)).toBe(0);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 5_000, promo: 0 });
    expect(await takenBack(owner.id)).toHaveLength(1);
    await expectLedgerBalanced();
  }, 60_000);
});
