/**
 * Money for wallet and limits tests: credits and purchases posted straight to the ledger, the way
 * the deposit and checkout use cases post them (customer lock first, then the limits guard).
 */
import { randomUUID } from 'node:crypto';
import { customers, type Database, eq, funds } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { limitsGuard } from '../src/modules/limits/index.ts';
import { call, elevateByEmail, newCustomer, type TestCustomer } from './accounts-helpers.ts';

/** A posted deposit of `cents` into the customer's wallet (or promotional credit into `promo`). */
export async function creditWallet(
  db: Database,
  customerId: string,
  cents: number,
  account: 'wallet' | 'promo' = 'wallet',
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const ledger = ledgerQueries(tx);
    const accounts = await ledger.lockCustomer(customerId);
    const from =
      account === 'wallet'
        ? await ledger.houseAccount('gateway_clearing', 'sandbox')
        : await ledger.houseAccount('promotions');
    await ledger.post([
      {
        id,
        debitAccountId: from,
        creditAccountId: accounts[account].id,
        amountCents: cents,
        code: account === 'wallet' ? 'deposit' : 'promo_credit',
        customerId,
        reference: id,
        description: account === 'wallet' ? 'Deposit by card' : 'Promotional credit',
      },
    ]);
  });
  return id;
}

/** A purchase of `cents` out of the wallet, refused by the limits guard as checkout would be. */
export async function spend(
  db: Database,
  customerId: string,
  cents: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const ledger = ledgerQueries(tx);
    const accounts = await ledger.lockCustomer(customerId);
    await limitsGuard(tx).assertCanSpend(customerId, cents, now);
    const sales = await ledger.houseAccount('sales', 'lottery_ticket');
    await ledger.post([
      {
        id: randomUUID(),
        debitAccountId: accounts.wallet.id,
        creditAccountId: sales,
        amountCents: cents,
        code: 'purchase',
        customerId,
        description: 'Powerball',
      },
    ]);
  });
}

/**
 * Moves the customer's password setting (a new account's included) back by `hours` (25 by default):
 * no recent security change keeps their withdrawals from being approved by rule.
 */
export async function settleSecurity(db: Database, customerId: string, hours = 25): Promise<void> {
  await db
    .update(customers)
    .set({ passwordChangedAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(customers.id, customerId));
}

export async function markVerified(db: Database, customerId: string): Promise<void> {
  await db.update(customers).set({ verifiedAt: new Date() }).where(eq(customers.id, customerId));
}

export const NATIONAL_BANK_ACCOUNT = {
  type: 'national',
  account_name: 'Jo Citizen',
  bank_code: '062-000',
  account_number: '12345678',
};

export type ReadyToWithdraw = TestCustomer & { token: string; fundId: string };

/**
 * Moves a bank account's adding back by `hours` (25 by default), past the wait before a new
 * destination's first withdrawal, as if it had been added the day before.
 */
export async function backdateFund(db: Database, fundId: string, hours = 25): Promise<void> {
  await db
    .update(funds)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(funds.id, fundId));
}

/**
 * A customer (verified unless told otherwise) with $100 in the wallet, a stepped-up session and a
 * bank account added with it a day ago (`fresh`: just now, still waiting before its first withdrawal).
 */
export async function readyToWithdraw(
  app: FastifyInstance,
  db: Database,
  options: { verified?: boolean; cents?: number; fresh?: boolean } = {},
): Promise<ReadyToWithdraw> {
  const customer = await newCustomer(app);
  if (options.verified ?? true) await markVerified(db, customer.id);
  await creditWallet(db, customer.id, options.cents ?? 10_000);
  const token = await elevateByEmail(app, customer.access_token, customer.email);
  const fund = await call(app, '/v2/funds/bank-account', { token, body: NATIONAL_BANK_ACCOUNT });
  if (fund.statusCode !== 201) throw new Error(`bank account: ${fund.statusCode} ${fund.body}`);
  const fundId: string = fund.json().result.id;
  if (!options.fresh) await backdateFund(db, fundId);
  return { ...customer, token, fundId };
}
