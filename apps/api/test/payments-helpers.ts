/** Payments calls as the browser (card tokenising) and the storefront's server send them. */
import { randomUUID } from 'node:crypto';
import type { Database, DbOrTx } from '@drawhouse/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { call, newCustomer, randomIp } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { checkoutCalls, fundWallet } from './checkout-helpers.ts';
import { operatorRun } from './draws-helpers.ts';

export const WEB_ORIGIN = 'http://localhost:3000';

export const CARDS = {
  succeeds: '4242424242424242',
  challengeThenSucceeds: '4000000000003220',
  challengeThenDeclined: '4000008400001629',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  otherValid: '5555555555554444',
} as const;

export function cardBody(cardNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    card_number: cardNumber,
    expiry_month: '12',
    expiry_year: String(new Date().getUTCFullYear() + 3),
    csc: '123',
    holder_name: 'Jane Citizen',
    ...overrides,
  };
}

/** The browser's tokenising call: no app signature, no bearer, the storefront's origin. */
export function tokenize(
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v2/funds/sandbox/tokens',
    remoteAddress: randomIp(),
    headers: { origin: WEB_ORIGIN, ...headers },
    payload: body as Record<string, unknown>,
  });
}

export function paymentCalls(app: FastifyInstance, token: string) {
  const headers = (key?: string) => ({ 'x-api-version': '3.4', ...(key ? { 'idempotency-key': key } : {}) });
  const calls = {
    get: (url: string) => call(app, url, { token, headers: headers() }),
    post: (url: string, body: unknown = {}, key: string | undefined = randomUUID()) =>
      call(app, url, { token, body, method: 'POST', headers: headers(key) }),
    remove: (url: string) => call(app, url, { token, method: 'DELETE', headers: headers() }),
    /** Tokenises a card in the browser, then saves it: the new fund's id. */
    async addCard(cardNumber: string): Promise<string> {
      const tokenised = await tokenize(app, cardBody(cardNumber));
      expect(tokenised.statusCode, tokenised.body).toBe(201);
      const saved = await calls.post('/v2/funds/cc/sandbox', { token: tokenised.json().result.token });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json().result.id as string;
    },
    deposit: (fundId: string, body: unknown, key?: string) =>
      calls.post(`/v2/funds/${fundId}/deposit`, body, key),
  };
  return calls;
}

/** A new customer with a saved `card`, a Powerball game in their own cart and `walletCents` in the wallet. */
export async function cardBuyer(app: FastifyInstance, db: DbOrTx, card: string, walletCents = 0) {
  const customer = await newCustomer(app);
  const token = customer.access_token;
  expect((await checkoutCalls(app).add(token, PB_ITEM)).statusCode).toBe(200);
  const fundId = await paymentCalls(app, token).addCard(card);
  if (walletCents > 0) await fundWallet(db, customer.id, walletCents);
  return { customer, token, fundId };
}

/** A page's path and query from an absolute address (app.inject takes the path). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** Posts a sandbox page's form (the 3-D Secure challenge or PayPal approval) as the browser does. */
export function submitPage(app: FastifyInstance, redirectUrl: string, action: string) {
  const u = new URL(redirectUrl);
  return app.inject({
    method: 'POST',
    url: u.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: u.searchParams.get('token') ?? '', action }).toString(),
  });
}

/** The wallet's posted cents and the cents held for it (pending credits). */
export async function walletOf(db: DbOrTx, customerId: string) {
  const { wallet } = await ledgerQueries(db).customerAccounts(customerId);
  return { posted: wallet.creditsPosted - wallet.debitsPosted, pendingIn: wallet.creditsPending };
}

/** What `ledger:check` says of the rules a deposit touches (other files share the database). */
export async function expectLedgerHolds(db: Database): Promise<void> {
  const { text } = await operatorRun(db, ['ledger:check']);
  expect(text).toContain('ok    customer account totals equal the sums of their transfers');
  expect(text).toContain('ok    no customer account below zero');
  expect(text).toContain('ok    every hold settled at most once, by a matching transfer');
  expect(text).toContain('ok    every idempotency key holds its answer');
}
