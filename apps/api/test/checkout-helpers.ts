/** Checkout calls as the storefront sends them, and a funded wallet, shared by the checkout test files. */
import { randomUUID } from 'node:crypto';
import { cartItems, carts, createDb, customers, type Database, type DbOrTx } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { CartItemRow } from '../src/modules/cart/index.ts';
import { createCheckoutService } from '../src/modules/checkout/checkout.service.ts';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { call } from './accounts-helpers.ts';
import { cents } from './cart-helpers.ts';
import { customerRow } from './customer-rows.ts';
import { testDatabaseUrl } from './test-database.ts';

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

/** Gives a customer promotional credit, as a promotion would (debit the house's promotions account). */
export async function givePromoCredit(db: DbOrTx, customerId: string, amountCents: number): Promise<void> {
  const ledger = ledgerQueries(db);
  const { promo } = await ledger.customerAccounts(customerId);
  await ledger.post([
    {
      id: randomUUID(),
      debitAccountId: await ledger.houseAccount('promotions'),
      creditAccountId: promo.id,
      amountCents,
      code: 'promo_credit',
      customerId,
      description: 'Test credit',
    },
  ]);
}

/**
 * `count` new customers, each with a cart holding a copy of `template` (an item added the
 * storefront's way) and `fundCents` in the wallet: the buyers of a purchase race.
 */
export async function buyersOfItem(
  db: Database,
  template: CartItemRow,
  count: number,
  fundCents: number,
): Promise<string[]> {
  const buyers = Array.from({ length: count }, () => randomUUID());
  await db.insert(customers).values(buyers.map((id) => customerRow(id)));
  const cartIds = buyers.map(() => randomUUID());
  await db.insert(carts).values(buyers.map((customerId, i) => ({ id: cartIds[i], customerId })));
  await db.insert(cartItems).values(
    cartIds.map((cartId) => ({
      cartId,
      productOfferKey: template.productOfferKey,
      productType: template.productType,
      drawId: template.drawId,
      firstDrawNo: template.firstDrawNo,
      numDraws: template.numDraws,
      quantity: template.quantity,
      unitPriceCents: template.unitPriceCents,
      payload: template.payload,
    })),
  );
  await db.transaction(async (tx) => {
    for (const id of buyers) await fundWallet(tx, id, fundCents);
  });
  return buyers;
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

/**
 * A pool of the test file's own, wide enough for purchase races to overlap (closed after the file),
 * and the checkout service the races call as `POST /cart/purchase` does.
 */
export function racingPurchases() {
  const handle = createDb(testDatabaseUrl(), { max: 16 });
  afterAll(() => handle.close());
  return { db: handle.db, service: createCheckoutService(() => new Date()) };
}
