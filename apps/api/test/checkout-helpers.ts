/** Checkout calls as the storefront sends them, and a funded wallet, shared by the checkout test files. */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { call } from './accounts-helpers.ts';
import { cents } from './cart-helpers.ts';

/** Credits a customer's wallet as a sandbox deposit would (debit the gateway's clearing account). */
export async function fundWallet(db: DbOrTx, customerId: string, amountCents: number): Promise<void> {
  const ledger = ledgerQueries(db);
  const { wallet } = await ledger.customerAccounts(customerId);
  await ledger.post([
    {
      id: randomUUID(),
      debitAccountId: await ledger.houseAccount('gateway_clearing', 'sandbox'),
      creditAccountId: wallet.id,
      amountCents,
      code: 'deposit',
      customerId,
      description: 'Test deposit',
    },
  ]);
}

/** Posted cents of a customer's wallet and promo accounts. */
export async function balancesOf(db: DbOrTx, customerId: string) {
  const { wallet, promo } = await ledgerQueries(db).customerAccounts(customerId);
  return {
    wallet: wallet.creditsPosted - wallet.debitsPosted,
    promo: promo.creditsPosted - promo.debitsPosted,
  };
}

type Cart = { cart_items: unknown[]; cart_total: { amount: number }; pre_order_total: { amount: number } };

/** The amount due now of a cart answer: what the storefront shows and sends as `expected_total`. */
export const dueCents = (cart: Cart) => Math.max(cents(cart.cart_total) - cents(cart.pre_order_total), 0);

export const aud = (c: number) => ({ amount: c / 100, currency: 'AUD' });

export function checkoutCalls(app: FastifyInstance) {
  const headers = (key?: string) => ({
    'x-api-version': '3.4',
    ...(key ? { 'idempotency-key': key } : {}),
  });
  return {
    cart: async (token: string): Promise<Cart> =>
      (await call(app, '/v2/cart/items', { token, headers: headers() })).json().result,
    add: (token: string, body: unknown) => call(app, '/v2/cart/items', { token, body, headers: headers() }),
    purchase: (token: string, body: unknown, key: string | undefined = randomUUID()) =>
      call(app, '/v2/cart/purchase', { token, body, headers: headers(key) }),
    depositPurchase: (token: string, body: unknown, key: string | undefined = randomUUID()) =>
      call(app, '/v2/deposit_purchase', { token, body, headers: headers(key) }),
    receipt: (token: string, id: string) => call(app, `/v2/checkout/${id}`, { token, headers: headers() }),
  };
}
