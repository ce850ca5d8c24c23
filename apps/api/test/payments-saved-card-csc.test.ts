/**
 * A saved card is charged only with the security code it was tokenised with, as an issuer checks
 * it: a wrong CSC is declined `incorrect_csc` and moves nothing; five wrong ones lock the card's
 * CSC checks (429 `csc_attempts_exceeded`); a card tokenised before the code was kept must be added
 * again. The sandbox keeps an argon2id hash of the code, never the code.
 */
import { eq, funds, sandboxCardTokens, sql } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { CARDS, expectLedgerHolds, paymentCalls, WEB_ORIGIN, walletOf } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp({ webBaseUrl: WEB_ORIGIN });
const { db } = getTestDb();
const { add, cart, depositPurchase } = checkoutCalls(app);

/** A customer whose 4242 card (tokenised with CSC 123) has paid once, $10. */
async function customerWithPaidCard() {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  const fundId = await calls.addCard(CARDS.succeeds);
  const first = await calls.deposit(fundId, { amount: 10, csc: '123' });
  expect(first.statusCode, first.body).toBe(201);
  expect(first.json().result.status).toBe('succeeded');
  return { customer, calls, fundId };
}

async function tokenOf(fundId: string) {
  const [fund] = await db.select().from(funds).where(eq(funds.id, fundId));
  const [row] = await db
    .select()
    .from(sandboxCardTokens)
    .where(eq(sandboxCardTokens.token, fund?.gatewayReference ?? ''));
  if (!row) throw new Error(`no sandbox token for ${fundId}`);
  return row;
}

async function transfersOf(customerId: string): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from ledger_transfers where customer_id = ${customerId}`,
  );
  return (res.rows[0] as { n: number }).n;
}

describe('a saved card and its security code', () => {
  it('declines a wrong CSC (nothing moves) and charges with the one it was saved with', async () => {
    const { customer, calls, fundId } = await customerWithPaidCard();
    const token = await tokenOf(fundId);
    expect(token.cscHash).toMatch(/^\$argon2id\$/);
    expect(token.cscHash).not.toContain('123');
    const before = await walletOf(db, customer.id);
    const moves = await transfersOf(customer.id);

    const wrong = await calls.deposit(fundId, { amount: 25, csc: '000' });
    expect(wrong.statusCode, wrong.body).toBe(402);
    expect(wrong.json().error).toEqual({
      status: 402,
      code: 'incorrect_csc',
      message: 'The security code is incorrect. Please check it and try again.',
    });
    expect(await walletOf(db, customer.id)).toEqual(before);
    // Held while the gateway was asked, then the hold voided: nothing else moved.
    expect(await transfersOf(customer.id)).toBe(moves + 2);
    await expectLedgerHolds(db);

    const right = await calls.deposit(fundId, { amount: 25, csc: '123' });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().result.status).toBe('succeeded');
    expect((await walletOf(db, customer.id)).posted).toBe(before.posted + 2500);
    await expectLedgerHolds(db);
  });

  it('declines a wrong CSC when paying for the cart with the saved card', async () => {
    const { customer, fundId } = await customerWithPaidCard();
    const token = customer.access_token;
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
    const due = dueCents(await cart(token));
    const before = await walletOf(db, customer.id);
    const res = await depositPurchase(token, {
      deposit: { fund_id: fundId, amount: aud(due), csc: '999' },
      purchase: { use_wallet: false, expected_total: aud(due) },
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error.code).toBe('incorrect_csc');
    expect(await walletOf(db, customer.id)).toEqual(before);
  });

  it('locks the card after five wrong CSCs in a row, even against the right one', async () => {
    const { customer, calls, fundId } = await customerWithPaidCard();
    const before = await walletOf(db, customer.id);
    for (const csc of ['000', '111', '222', '333', '444']) {
      const wrong = await calls.deposit(fundId, { amount: 10, csc });
      expect(wrong.statusCode, wrong.body).toBe(402);
      expect(wrong.json().error.code).toBe('incorrect_csc');
    }
    const locked = await calls.deposit(fundId, { amount: 10, csc: '123' });
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.json().error.code).toBe('csc_attempts_exceeded');
    expect(await walletOf(db, customer.id)).toEqual(before);

    // The lock is the card's: another card of the customer still pays.
    const other = await calls.addCard(CARDS.otherValid);
    expect((await calls.deposit(other, { amount: 10, csc: '123' })).statusCode).toBe(201);
    await expectLedgerHolds(db);
  });

  it('a right CSC clears the count of wrong ones', async () => {
    const { calls, fundId } = await customerWithPaidCard();
    for (let i = 0; i < 4; i += 1) {
      expect((await calls.deposit(fundId, { amount: 10, csc: '000' })).statusCode).toBe(402);
    }
    expect((await calls.deposit(fundId, { amount: 10, csc: '123' })).statusCode).toBe(201);
    for (let i = 0; i < 4; i += 1) {
      expect((await calls.deposit(fundId, { amount: 10, csc: '000' })).statusCode).toBe(402);
    }
    expect((await calls.deposit(fundId, { amount: 10, csc: '123' })).statusCode).toBe(201);
  });

  it('asks for a card tokenised before its CSC was kept to be added again', async () => {
    const { customer, calls, fundId } = await customerWithPaidCard();
    await db
      .update(sandboxCardTokens)
      .set({ cscHash: null })
      .where(eq(sandboxCardTokens.token, (await tokenOf(fundId)).token));
    const before = await walletOf(db, customer.id);
    const res = await calls.deposit(fundId, { amount: 10, csc: '123' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('gateway_unavailable');
    expect(res.json().error.message).toBe(
      'This card can no longer be charged. Please add it again or use another card.',
    );
    expect(await walletOf(db, customer.id)).toEqual(before);
  });
});
