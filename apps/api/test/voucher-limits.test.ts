/**
 * Vouchers are used within their limits and count only what is charged now: a cart of pre-orders
 * only (nothing charged now) takes no voucher, so the pre-order-then-cancel round earns nothing; a
 * customer uses a code once (by default), all customers together at most its total, within its
 * validity window; each use is recorded with the purchase; a second code never silently replaces a
 * better one; and a cancellation takes back credit its purchase no longer qualifies for.
 */
import { randomUUID } from 'node:crypto';
import {
  checkouts,
  eq,
  ledgerTransfers,
  scheduledPurchases,
  voucherRedemptions,
  vouchers,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { cents, PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet, givePromoCredit } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, add, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);

// The test's draws go off sale, so the next test's draws are the ones on sale.
afterEach(() => pairs.takeOffSale());

const GAME = { numbers: [4, 11, 17, 22, 28, 31, 33], powerball: 5 };
const headers = { 'x-api-version': '3.4' };

const applyCode = (customer: TestCustomer, code: string) =>
  call(app, '/v2/cart/promotion', { token: customer.access_token, body: { promotion_code: code }, headers });
const cancel = (customer: TestCustomer, id: string) =>
  call(app, `/v2/scheduled-purchases/${id}/cancel`, { token: customer.access_token, method: 'PATCH' });
const redemptionsOf = (customerId: string) =>
  db.select().from(voucherRedemptions).where(eq(voucherRedemptions.customerId, customerId));
const activePreOrders = async (customerId: string) =>
  (await db.select().from(scheduledPurchases).where(eq(scheduledPurchases.customerId, customerId))).filter(
    (s) => s.status === 'active',
  );

/** A funded customer whose cart holds one Powerball entry for the draw on sale now. */
async function customerWithEntry(fundCents = 10_000) {
  const customer = await newCustomer(app);
  if (fundCents > 0) await fundWallet(db, customer.id, fundCents);
  const res = await add(customer.access_token, { ...PB_ITEM, games: [GAME] });
  expect(res.statusCode, res.body).toBe(200);
  return customer;
}

/** Buys the customer's cart for what it shows due now. */
async function buyCart(customer: TestCustomer) {
  const due = dueCents(await cart(customer.access_token));
  return purchase(customer.access_token, { expected_total: aud(due) });
}

async function voucher(values: Partial<typeof vouchers.$inferInsert> = {}) {
  const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await db
    .insert(vouchers)
    .values({ code, type: 'voucher_credit_amount', amountCents: 1000, ...values })
    .returning();
  if (!row) throw new Error('no voucher');
  return row;
}

describe('a voucher counts only what is charged now', () => {
  it('the pre-order attack: five rounds of a $0 pre-order with CREDIT20, each cancelled, give no credit', async () => {
    const { next } = await pairs.twoDraws();
    const customer = await newCustomer(app);
    for (let round = 0; round < 5; round++) {
      const added = await add(customer.access_token, {
        ...PB_ITEM,
        games: [GAME],
        first_draw_no: next.drawNo,
      });
      expect(added.statusCode, added.body).toBe(200);
      const applied = await applyCode(customer, 'CREDIT20');
      expect(applied.statusCode, `round ${round}`).toBe(400);
      expect(applied.json().error.code).toBe('promotion_not_added');
      expect(applied.json().error.message).toMatch(/applies only to what you pay now.*pre-orders/);
      const bought = await purchase(customer.access_token, { expected_total: aud(0) });
      expect(bought.statusCode, bought.body).toBe(200);
      expect(cents(bought.json().result.receipt.promo_credit_granted)).toBe(0);
      const [pre] = await activePreOrders(customer.id);
      const cancelled = await cancel(customer, pre?.id ?? '');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cents(cancelled.json().result.refunded)).toBe(0);
    }
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect(await redemptionsOf(customer.id)).toEqual([]);
  });

  it('a code applied while something was charged now does not apply once only pre-orders are left', async () => {
    const { next } = await pairs.twoDraws();
    const customer = await customerWithEntry(0);
    const now = (await cart(customer.access_token)) as unknown as { cart_items: { id: string }[] };
    const added = await add(customer.access_token, { ...PB_ITEM, games: [GAME], first_draw_no: next.drawNo });
    expect(added.statusCode, added.body).toBe(200);
    expect((await applyCode(customer, 'CREDIT20')).statusCode).toBe(200);
    const standardId = now.cart_items[0]?.id ?? '';
    const removed = await call(app, `/v2/cart/items/${standardId}`, {
      token: customer.access_token,
      method: 'DELETE',
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const promotion = removed.json().result.promotion;
    expect(promotion).toMatchObject({ code: 'CREDIT20', applies: false, label: '$20 credit' });
    expect(cents(promotion.promo_credit)).toBe(0);
    expect(promotion.message).toMatch(/applies only to what you pay now/);
    const bought = await purchase(customer.access_token, { expected_total: aud(0) });
    expect(bought.statusCode, bought.body).toBe(409);
    expect(bought.json().error.code).toBe('promotion_not_applicable');
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect(await activePreOrders(customer.id)).toEqual([]);
  });

  it('WELCOME5 needs $10 charged now: a pre-order does not make up the minimum spend', async () => {
    const { next } = await pairs.twoDraws();
    const customer = await customerWithEntry();
    const big = { ...PB_ITEM, games: Array.from({ length: 10 }, () => GAME), first_draw_no: next.drawNo };
    expect((await add(customer.access_token, big)).statusCode).toBe(200);
    const shown = await cart(customer.access_token);
    expect(cents(shown.cart_total)).toBeGreaterThanOrEqual(1000);
    const applied = await applyCode(customer, 'WELCOME5');
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error.message).toMatch(/at least \$10\.00 paid now/);
  });
});

describe('redemption limits', () => {
  it('CREDIT20 is used once per customer, the use recorded with the purchase', async () => {
    const customer = await customerWithEntry();
    expect((await applyCode(customer, 'CREDIT20')).statusCode).toBe(200);
    const bought = await buyCart(customer);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(cents(bought.json().result.receipt.promo_credit_granted)).toBe(2000);
    const checkoutId = bought.json().result.receipt.checkout_id as string;
    expect(await redemptionsOf(customer.id)).toEqual([
      expect.objectContaining({ checkoutId, seq: 1, promoCreditCents: 2000, discountCents: 0 }),
    ]);

    expect((await add(customer.access_token, { ...PB_ITEM, games: [GAME] })).statusCode).toBe(200);
    const again = await applyCode(customer, 'credit20');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/already used .*once per customer/);
    expect(((await cart(customer.access_token)) as unknown as { promotion: unknown }).promotion).toBeNull();
    const second = await buyCart(customer);
    expect(second.statusCode, second.body).toBe(200);
    expect(cents(second.json().result.receipt.promo_credit_granted)).toBe(0);
    expect(await redemptionsOf(customer.id)).toHaveLength(1);
  });

  it('WELCOME5 is used once per customer', async () => {
    const customer = await newCustomer(app);
    await fundWallet(db, customer.id, 10_000);
    const ten = { ...PB_ITEM, games: Array.from({ length: 10 }, () => GAME) };
    for (const expected of [200, 400]) {
      expect((await add(customer.access_token, ten)).statusCode).toBe(200);
      const applied = await applyCode(customer, 'WELCOME5');
      expect(applied.statusCode).toBe(expected);
      expect((await buyCart(customer)).statusCode).toBe(200);
    }
    expect(await redemptionsOf(customer.id)).toEqual([expect.objectContaining({ discountCents: 500 })]);
  });

  it('an anonymous cart’s code already used by the customer does not apply after sign-in, and the purchase is refused', async () => {
    const customer = await customerWithEntry();
    expect((await applyCode(customer, 'CREDIT20')).statusCode).toBe(200);
    expect((await buyCart(customer)).statusCode).toBe(200);

    const anon = (await call(app, '/v2/anon-cart', { method: 'POST', headers })).json().result.cart_token;
    expect((await call(app, `/v2/anon-cart/${anon}/items`, { body: PB_ITEM, headers })).statusCode).toBe(200);
    const anonApplied = await call(app, `/v2/anon-cart/${anon}/promotion`, {
      body: { promotion_code: 'CREDIT20' },
      headers,
    });
    expect(anonApplied.statusCode).toBe(200);
    const converted = await call(app, `/v2/anon-cart/${anon}/convert`, {
      method: 'POST',
      token: customer.access_token,
      headers,
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json().result.promotion).toMatchObject({ code: 'CREDIT20', applies: false });
    expect(converted.json().result.promotion.message).toMatch(/already used/);
    const before = await balancesOf(db, customer.id);
    const refused = await buyCart(customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('promotion_not_applicable');
    expect(await balancesOf(db, customer.id)).toEqual(before);
  });

  it('the last use of a voucher with a total limit goes to one of two customers buying at once', async () => {
    const limited = await voucher({ maxRedemptions: 1 });
    const buyers = [await customerWithEntry(), await customerWithEntry()];
    for (const b of buyers) expect((await applyCode(b, limited.code)).statusCode).toBe(200);
    const results = await Promise.all(buyers.map((b) => buyCart(b)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().error.code).toBe('promotion_not_applicable');
    expect(refused?.json().error.message).toMatch(/as many times as it allows/);
    const uses = await db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, limited.id));
    expect(uses).toHaveLength(1);
    // A third customer is told at once.
    const late = await customerWithEntry();
    expect((await applyCode(late, limited.code)).json().error.message).toMatch(/as many times as it allows/);
  });

  it('a per-customer limit above one allows that many uses', async () => {
    const twice = await voucher({ perCustomerLimit: 2 });
    const customer = await customerWithEntry();
    for (const expected of [200, 200, 400]) {
      const applied = await applyCode(customer, twice.code);
      expect(applied.statusCode).toBe(expected);
      if (expected === 200) expect((await buyCart(customer)).statusCode).toBe(200);
      expect((await add(customer.access_token, { ...PB_ITEM, games: [GAME] })).statusCode).toBe(200);
    }
    expect((await redemptionsOf(customer.id)).map((r) => r.seq).sort()).toEqual([1, 2]);
  });

  it('is refused before its validity window opens and after it closes', async () => {
    const hour = 60 * 60 * 1000;
    const later = await voucher({ validFrom: new Date(Date.now() + hour) });
    const over = await voucher({
      validFrom: new Date(Date.now() - 2 * hour),
      expiresAt: new Date(Date.now() - hour),
    });
    const customer = await customerWithEntry();
    expect((await applyCode(customer, later.code)).json().error.message).toMatch(/cannot be used yet/);
    expect((await applyCode(customer, over.code)).json().error.message).toMatch(/has expired/);
  });
});

describe('one code per cart', () => {
  it('a second code never silently replaces a better one; the cart says which applies and why', async () => {
    const customer = await newCustomer(app);
    const ten = { ...PB_ITEM, games: Array.from({ length: 10 }, () => GAME) };
    expect((await add(customer.access_token, ten)).statusCode).toBe(200);
    const welcome = await applyCode(customer, 'WELCOME5');
    expect(welcome.json().result.promotion).toMatchObject({
      code: 'WELCOME5',
      applies: true,
      label: '$5 off',
      message: 'WELCOME5 takes $5 off what you pay now.',
    });
    const worse = await applyCode(customer, 'TENOFF');
    expect(worse.statusCode).toBe(400);
    expect(worse.json().error.code).toBe('promotion_not_added');
    expect(worse.json().error.message).toMatch(
      /keeps WELCOME5 \(\$5 off, worth \$5\.00 on this cart\): TENOFF would be worth/,
    );
    expect(
      ((await cart(customer.access_token)) as unknown as { promotion: { code: string } }).promotion.code,
    ).toBe('WELCOME5');
    const better = await applyCode(customer, 'CREDIT20');
    expect(better.statusCode).toBe(200);
    expect(better.json().result.promotion).toMatchObject({
      code: 'CREDIT20',
      applies: true,
      label: '$20 credit',
      message: 'CREDIT20 adds $20 credit to your balance when you buy this cart.',
    });
  });
});

describe('cancelling takes back what the voucher gave', () => {
  /**
   * A pre-order bought with CREDIT20 granting credit on nothing charged now, as purchases did before
   * vouchers counted only what is charged now (the redemption as the backfill records it).
   */
  async function creditedPreOrder(creditLeftCents: number) {
    const { next } = await pairs.twoDraws();
    const customer = await newCustomer(app);
    expect(
      (await add(customer.access_token, { ...PB_ITEM, games: [GAME], first_draw_no: next.drawNo }))
        .statusCode,
    ).toBe(200);
    const bought = await purchase(customer.access_token, { expected_total: aud(0) });
    expect(bought.statusCode, bought.body).toBe(200);
    const checkoutId = bought.json().result.receipt.checkout_id as string;
    await db
      .update(checkouts)
      .set({ voucherCode: 'CREDIT20', promoCreditCents: 2000 })
      .where(eq(checkouts.id, checkoutId));
    const [credit20] = await db.select().from(vouchers).where(eq(vouchers.code, 'CREDIT20'));
    await db.insert(voucherRedemptions).values({
      voucherId: credit20?.id ?? '',
      customerId: customer.id,
      checkoutId,
      seq: 1,
      promoCreditCents: 2000,
    });
    if (creditLeftCents > 0) await givePromoCredit(db, customer.id, creditLeftCents);
    const [pre] = await activePreOrders(customer.id);
    return { customer, checkoutId, preOrderId: pre?.id ?? '' };
  }

  it('the credit comes back out of promotional credit when the pre-order is cancelled, once', async () => {
    const { customer, checkoutId, preOrderId } = await creditedPreOrder(2000);
    const res = await cancel(customer, preOrderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.message).toMatch(/\$20\.00 promotional credit from CREDIT20 is taken back\.$/);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    const moved = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, checkoutId));
    expect(moved.filter((t) => t.description.startsWith('Promotional credit taken back'))).toHaveLength(1);
    expect(await redemptionsOf(customer.id)).toEqual([
      expect.objectContaining({ clawedBackCents: 2000, clawbackShortfallCents: 0 }),
    ]);
    expect((await cancel(customer, preOrderId)).statusCode).toBe(409);
  });

  it('credit already spent is recorded as a shortfall, never a negative balance', async () => {
    const { customer, preOrderId } = await creditedPreOrder(500);
    const res = await cancel(customer, preOrderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.message).toMatch(/\(\$15\.00 of it was spent already\)/);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect(await redemptionsOf(customer.id)).toEqual([
      expect.objectContaining({ clawedBackCents: 500, clawbackShortfallCents: 1500 }),
    ]);
  });

  it('a voucher used on what was charged now stands when a pre-order of the same purchase is cancelled', async () => {
    const { next } = await pairs.twoDraws();
    const customer = await customerWithEntry();
    expect(
      (await add(customer.access_token, { ...PB_ITEM, games: [GAME], first_draw_no: next.drawNo }))
        .statusCode,
    ).toBe(200);
    expect((await applyCode(customer, 'CREDIT20')).statusCode).toBe(200);
    expect((await buyCart(customer)).statusCode).toBe(200);
    const [pre] = await activePreOrders(customer.id);
    const res = await cancel(customer, pre?.id ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.message).not.toMatch(/taken back/);
    expect((await balancesOf(db, customer.id)).promo).toBe(2000);
  });
});
