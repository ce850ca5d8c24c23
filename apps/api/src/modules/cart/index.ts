import type { DbOrTx } from '@drawhouse/db';
import { cartQueries } from './cart.repository.ts';
import { createCartService } from './cart.service.ts';

export { buildLotteryItem } from './cart.lottery-item.ts';
export { buildMembershipItem } from './cart.membership-item.ts';
export { parseCartItem, StoredPayloadError } from './cart.payload.ts';
export { type CartItemInsert, type CartItemRow, cartQueries } from './cart.repository.ts';
export { cartModule } from './cart.routes.ts';
export type { CartService } from './cart.service.ts';
export { buildRaffleItem } from './cart.share-items.ts';

/**
 * What checkout needs of the cart, on the purchase's own transaction: `build` locks the customer's
 * open cart and checks and prices every item again (items that no longer pass are taken out and
 * reported in `view.auto_removed_items`); `markPurchased` closes the cart once bought.
 */
export function cartForCheckout(tx: DbOrTx, now: () => Date) {
  const queries = cartQueries(tx);
  const service = createCartService({ ...queries, transaction: (work) => work(queries) }, now);
  return {
    build: (customerId: string) => service.buildForPurchase(queries, customerId),
    markPurchased: (cartId: string) => queries.markPurchased(cartId, now()),
  };
}
