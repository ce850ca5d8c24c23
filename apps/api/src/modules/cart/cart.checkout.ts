/**
 * What checkout needs of the cart, on the purchase's own transaction. `buildFrom`: the customer's
 * cart, locked and read by the purchase's first statement with the catalogue of its offers, checked
 * and priced again (items that no longer pass are reported in `view.auto_removed_items`), nothing
 * written: the purchase closes the cart, and a refused purchase keeps the removals with `build`.
 */
import type { CartView } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { cartBlockedReasons, type VoucherUses } from '@drawhouse/domain';
import { type CatalogueRows, catalogueReader } from './cart.catalogue.repository.ts';
import { type CartItemRow, type CartRow, cartQueries, type VoucherRow } from './cart.repository.ts';
import { blockOffersOf, cartView, createCartService, rebuildItems } from './cart.service.ts';

/** The cart as the purchase's statement read it (the cart row locked). */
export type CartAsRead = {
  cart: CartRow;
  items: CartItemRow[];
  catalogue: CatalogueRows;
  /** The instant the catalogue's draws taking entries were read at. */
  readAt: Date;
  voucher: VoucherRow | undefined;
  uses: VoucherUses | undefined;
  state: string | null;
};

export function cartForCheckout(tx: DbOrTx, now: () => Date) {
  const queries = cartQueries(tx);
  const service = createCartService({ ...queries, transaction: (work) => work(queries) }, now);
  return {
    /** The customer's open cart locked and built again, the build written (as `POST /cart/build`). */
    build: (customerId: string) => service.buildForPurchase(queries, customerId),
    markPurchased: (cartId: string) => queries.markPurchased(cartId, now()),

    async buildFrom(read: CartAsRead): Promise<{ view: CartView; items: CartItemRow[] }> {
      const at = now();
      const reader = catalogueReader(read.catalogue, read.readAt, queries);
      const { kept, removed } = await rebuildItems(reader, read.items, read.cart.customerId, at);
      const offers = blockOffersOf(
        kept.map((item) => read.catalogue.offers.find((o) => o.key === item.productOfferKey)),
      );
      const view = cartView(
        read.cart,
        kept,
        {
          voucher: read.voucher,
          uses: read.uses,
          autoRemoved: removed,
          blockedReasons: cartBlockedReasons(offers, read.state),
        },
        at,
      );
      return { view, items: kept };
    },
  };
}
