/**
 * Money for wallet and limits tests: credits and purchases posted straight to the ledger, the way
 * the deposit and checkout use cases post them (customer lock first, then the limits guard).
 */
import { randomUUID } from 'node:crypto';
import { customers, type Database, eq } from '@drawhouse/db';
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

/** A customer (verified unless told otherwise) with $100 in the wallet, a bank account and a stepped-up session. */
export async function readyToWithdraw(
  app: FastifyInstance,
  db: Database,
  options: { verified?: boolean; cents?: number } = {},
): Promise<ReadyToWithdraw> {
  const customer = await newCustomer(app);
  if (options.verified ?? true) await markVerified(db, customer.id);
  await creditWallet(db, customer.id, options.cents ?? 10_000);
  const fund = await call(app, '/v2/funds/bank-account', {
    token: customer.access_token,
    body: NATIONAL_BANK_ACCOUNT,
  });
  const token = await elevateByEmail(app, customer.access_token, customer.email);
  return { ...customer, token, fundId: fund.json().result.id };
}
