/**
 * A card deposit is charged between two transactions (ADR 049): while the gateway is asked no
 * transaction of the customer is open (their ledger lock is free), the held amount counts against
 * the weekly deposit limit, and a deposit whose answer was lost is finished by the minute job, once.
 */
import { randomUUID } from 'node:crypto';
import { deposits, eq, sql } from '@drawhouse/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expireDepositsJob } from '../src/jobs/expire-deposits.ts';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { paymentsOf } from '../src/modules/payments/index.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { CARDS, expectLedgerHolds, paymentCalls, walletOf } from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();
const payments = paymentsOf(app.deps);

afterEach(() => {
  vi.restoreAllMocks();
});

/** A verified customer with a saved 4242 card. */
async function customerWithCard() {
  const customer = await newCustomer(app);
  await markVerified(db, customer.id);
  const calls = paymentCalls(app, customer.access_token);
  const fundId = await calls.addCard(CARDS.succeeds);
  return { customer, calls, fundId };
}

/** The gateway's charges wait until released; `entered` resolves once a charge is waiting. */
function holdCharges() {
  const charge = payments.gateway.charge.bind(payments.gateway);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => {
    entered = resolve;
  });
  vi.spyOn(payments.gateway, 'charge').mockImplementation(async (repo, request) => {
    entered();
    await released;
    return charge(repo, request);
  });
  return { waiting, release };
}

/** Takes the customer's ledger lock from another connection, waiting at most 200 ms for it. */
function lockCustomerNow(customerId: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '200ms'`));
    await ledgerQueries(tx).lockCustomer(customerId);
  });
}

describe('a card deposit charged between two transactions', () => {
  it('holds no transaction of the customer open while the gateway charges: their ledger lock is free', async () => {
    const { customer, calls, fundId } = await customerWithCard();
    const { waiting, release } = holdCharges();
    const deposit = calls.deposit(fundId, { amount: 25, csc: '123' });
    await waiting;
    try {
      await lockCustomerNow(customer.id);
      const [row] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
      expect(row?.status).toBe('charging');
      expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 2500 });
    } finally {
      release();
    }
    const answered = await deposit;
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().result.status).toBe('succeeded');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 2500, pendingIn: 0 });
  });

  it('counts a deposit being charged against the weekly deposit limit', async () => {
    const { customer, calls, fundId } = await customerWithCard();
    const set = await call(app, '/v2/deposit-limit', {
      method: 'PUT',
      token: customer.access_token,
      body: { limit: 40 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const { waiting, release } = holdCharges();
    const first = calls.deposit(fundId, { amount: 25, csc: '123' });
    await waiting;
    try {
      const second = await calls.deposit(fundId, { amount: 25, csc: '123' });
      expect(second.statusCode, second.body).toBe(422);
      expect(second.json().error.code).toBe('deposit_limit');
    } finally {
      release();
    }
    expect((await first).statusCode).toBe(201);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 2500, pendingIn: 0 });
  });

  it('finishes a deposit whose answer was lost between the two, once, by the minute job', async () => {
    const { customer, calls, fundId } = await customerWithCard();
    vi.spyOn(payments, 'applyCharge').mockRejectedValueOnce(new Error('the process stopped'));
    const key = randomUUID();
    const lost = await calls.deposit(fundId, { amount: 30, csc: '123' }, key);
    expect(lost.statusCode).toBe(500);
    const [charging] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    expect(charging?.status).toBe('charging');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 3000 });
    // The same request again runs nothing twice.
    const again = await calls.deposit(fundId, { amount: 30, csc: '123' }, key);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('request_unfinished');

    // Not before two minutes: the first request may still be waiting for the gateway.
    await expireDepositsJob(app.deps, new Date(Date.now() + 60_000));
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 3000 });
    const charge = vi.spyOn(payments.gateway, 'charge');
    const later = new Date(Date.now() + 3 * 60_000);
    await expireDepositsJob(app.deps, later);
    await expireDepositsJob(app.deps, later);
    const chargedAgain = charge.mock.calls.filter(([, request]) => request.depositId === charging?.id);
    expect(chargedAgain.map(([, request]) => request.repeat)).toEqual([true]);

    const made = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    expect(made.map((d) => [d.id, d.status])).toEqual([[charging?.id, 'succeeded']]);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 3000, pendingIn: 0 });
    await expectLedgerHolds(db);
  });
});
