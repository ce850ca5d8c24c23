/**
 * The product offers a cart holds, for other modules that only need to know what is in it (the
 * placement service's cart prime): a customer's open cart, or an anonymous cart by its token.
 */
import { createHash } from 'node:crypto';
import type { Database } from '@drawhouse/db';
import { cartQueries } from './cart.repository.ts';

export type CartOwner = { customerId: string } | { anonymousToken: string };

/**
 * The distinct offer keys of the cart's items: none for a customer without a cart yet; undefined
 * when the anonymous cart is unknown, expired or no longer open.
 */
export async function cartOfferKeys(
  db: Database,
  owner: CartOwner,
  now: Date,
): Promise<string[] | undefined> {
  const carts = cartQueries(db);
  if ('customerId' in owner) {
    const cart = await carts.lockOpenCustomerCart(owner.customerId);
    return cart ? offerKeysOf(await carts.itemsOf(cart.id)) : [];
  }
  const cart = await carts.cartByTokenHash(createHash('sha256').update(owner.anonymousToken).digest('hex'));
  if (cart?.status !== 'open' || (cart.expiresAt !== null && cart.expiresAt <= now)) return undefined;
  return offerKeysOf(await carts.itemsOf(cart.id));
}

function offerKeysOf(items: readonly { productOfferKey: string }[]): string[] {
  return [...new Set(items.map((item) => item.productOfferKey))];
}
