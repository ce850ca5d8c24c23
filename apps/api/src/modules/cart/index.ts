export {
  CATALOGUE_COLUMNS,
  type CatalogueRows,
  catalogueCtes,
  catalogueOf,
} from './cart.catalogue.repository.ts';
export { type CartAsRead, cartForCheckout } from './cart.checkout.ts';
export { withLimitBanners } from './cart.limit-banners.ts';
export { buildLotteryItem } from './cart.lottery-item.ts';
export { buildMembershipItem } from './cart.membership-item.ts';
export { type CartOwner, cartOfferKeys } from './cart.offer-keys.ts';
export { parseCartItem, StoredPayloadError } from './cart.payload.ts';
export { type CartItemInsert, type CartItemRow, cartQueries } from './cart.repository.ts';
export { cartModule } from './cart.routes.ts';
export type { CartService } from './cart.service.ts';
export { createCartService } from './cart.service.ts';
export { buildRaffleItem } from './cart.share-items.ts';
