/**
 * `POST /cart/replay/{orderId}`: a past checkout's orders put back in the customer's cart, in one
 * transaction with the cart locked. Each order becomes the item the cart takes (`replayItemBody`):
 * lottery entries for the next draws on sale, a raffle book for the raffle's draw on sale. What
 * cannot be bought now (offer off sale, sold out, no draw on sale, lotto party shares, memberships)
 * is not dropped silently: the answer's `auto_removed_items` says so for each. The items put back
 * remember the checkout, so replaying it again while they are in the cart adds nothing (a double
 * click). Only the buyer's checkouts: any other id is 404 `order_not_found`.
 */
import type { AutoRemovedItem, CartView } from '@drawhouse/contract';
import { and, asc, cartItems, type Database, type DbOrTx, eq, inArray, orders } from '@drawhouse/db';
import { REPLAY_NOT_REBUYABLE, replayItemBody } from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { cartQueries } from './cart.repository.ts';
import { createCartService, UUID_PATTERN } from './cart.service.ts';

export const orderNotFound = () => notFound('order_not_found', 'There is no such order in your account.');

function replayQueries(db: DbOrTx) {
  return {
    ordersOf: (customerId: string, checkoutId: string) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.checkoutId, checkoutId)))
        .orderBy(asc(orders.createdAt), asc(orders.id)),

    async holdsReplayOf(cartId: string, checkoutId: string): Promise<boolean> {
      const rows = await db
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.replayedFrom, checkoutId)))
        .limit(1);
      return rows.length > 0;
    },

    async markReplayed(itemIds: string[], checkoutId: string): Promise<void> {
      if (itemIds.length === 0) return;
      await db.update(cartItems).set({ replayedFrom: checkoutId }).where(inArray(cartItems.id, itemIds));
    },
  };
}

export function createCartReplay(db: Database, now: () => Date) {
  return async function replay(customerId: string, checkoutId: string): Promise<CartView> {
    if (!UUID_PATTERN.test(checkoutId)) throw orderNotFound();
    return db.transaction(async (tx) => {
      const replays = replayQueries(tx);
      const bought = await replays.ordersOf(customerId, checkoutId);
      if (bought.length === 0) throw orderNotFound();
      const queries = cartQueries(tx);
      const service = createCartService({ ...queries, transaction: (work) => work(queries) }, now);
      const cart = await queries.ensureCustomerCart(customerId);
      if (await replays.holdsReplayOf(cart.id, checkoutId)) return service.customerCart(customerId);
      const notes: AutoRemovedItem[] = [];
      const note = (id: string, description: string, reason: string, message: string) =>
        notes.push({ id, reason, description, message: `${description}: ${message}` });
      for (const order of bought) {
        const body = replayItemBody(order);
        if (!body) {
          note(order.id, order.description, 'not_rebuyable', REPLAY_NOT_REBUYABLE);
          continue;
        }
        const before = new Set((await queries.itemsOf(cart.id)).map((item) => item.id));
        let view: CartView;
        try {
          view = await service.putCustomerItem(customerId, body);
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          note(order.id, order.description, error.code, error.message);
          continue;
        }
        const added = view.cartItems.filter((item) => !before.has(item.id)).map((item) => item.id);
        await replays.markReplayed(added, checkoutId);
      }
      const view = await service.customerCart(customerId);
      return { ...view, autoRemovedItems: [...notes, ...view.autoRemovedItems] };
    });
  };
}
