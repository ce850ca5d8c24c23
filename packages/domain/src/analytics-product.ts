/**
 * What the analytics data layer is told about a product: the receipt's tracking products (purchase
 * completed) and the cart's items (productAdded, cartViewed, checkoutStarted), in one shape.
 */
import type { CartItemView, TrackingProduct } from '@drawhouse/contract';

export type AnalyticsProduct = {
  brand: string;
  category: string;
  cause: string | null;
  source: string;
  cart_id: string | null;
  product_id: string;
  num_draws: number;
  num_games: number | null;
  purchase_status: string;
  draw_date: string | null;
  draw_no: number | null;
  prize_pool: number | null;
  days_of_week: string[];
  price: number;
  name: string;
  variant: string | null;
};

/** The analytics category of each product type. */
export const ANALYTICS_CATEGORY: Record<CartItemView['productType'], string> = {
  lottery_ticket: 'lottery ticket',
  syndicate_share: 'syndicate share',
  raffle_ticket: 'raffle ticket',
  membership: 'membership',
};

/** Where the event happened and, for cart events, which cart. */
export type AnalyticsContext = { source: string; cartId: string | null };

/** A receipt's tracking product as the purchase completed event sends it. */
export function analyticsProductOfTracking(p: TrackingProduct, context: AnalyticsContext): AnalyticsProduct {
  return {
    brand: p.brand,
    category: p.analyticsProductType,
    cause: p.causeKey,
    source: context.source,
    cart_id: context.cartId,
    product_id: p.lotteryKey,
    num_draws: p.numDraws,
    num_games: p.numGames,
    purchase_status: p.purchaseStatus,
    draw_date: p.drawDate,
    draw_no: p.drawNo,
    prize_pool: p.prizePool?.amount ?? null,
    days_of_week: p.daysOfWeek,
    price: p.purchasePrice.amount,
    name: p.analyticsName,
    variant: p.analyticsVariant,
  };
}

/** A cart item as the cart events send it (brand: the site's; days: the chosen day, if any). */
export function analyticsProductOfCartItem(
  item: CartItemView,
  brand: string,
  context: AnalyticsContext,
): AnalyticsProduct {
  return {
    brand,
    category: ANALYTICS_CATEGORY[item.productType],
    cause: item.causeKey,
    source: context.source,
    cart_id: context.cartId,
    product_id: item.lotteryKey,
    num_draws: item.numDraws,
    num_games: item.numGames,
    purchase_status: item.purchaseStatus ?? 'standard',
    draw_date: item.drawDate,
    draw_no: item.drawNo,
    prize_pool: null,
    days_of_week: item.day ? [item.day] : [],
    price: item.totalPrice.amount,
    name: item.description,
    variant: item.gameType,
  };
}
