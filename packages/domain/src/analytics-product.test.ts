import type { CartItemView, TrackingProduct } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { analyticsProductOfCartItem, analyticsProductOfTracking } from './analytics-product.ts';

const tracking: TrackingProduct = {
  brand: 'Drawhouse',
  analyticsProductType: 'lottery ticket',
  causeKey: null,
  productDescription: 'Saturday Lotto, 4 games',
  drawDate: '2026-12-05T09:30:00.000Z',
  drawNo: 4521,
  hasFavouriteNumbers: false,
  analyticsName: 'Saturday Lotto',
  numDraws: 1,
  numGames: 4,
  purchasePrice: { amount: 7.4, currency: 'AUD' },
  prizePool: { amount: 5_000_000, currency: 'AUD' },
  lotteryKey: 'saturday-lotto',
  recurringPurchaseEnabled: false,
  recurringPurchaseType: null,
  analyticsVariant: 'standard',
  purchaseStatus: 'pre_order',
  daysOfWeek: ['saturday'],
};

describe('analyticsProductOfTracking', () => {
  it('maps every analytics product field from the receipt’s tracking product', () => {
    expect(analyticsProductOfTracking(tracking, { source: '/receipt/c1', cartId: null })).toEqual({
      brand: 'Drawhouse',
      category: 'lottery ticket',
      cause: null,
      source: '/receipt/c1',
      cart_id: null,
      product_id: 'saturday-lotto',
      num_draws: 1,
      num_games: 4,
      purchase_status: 'pre_order',
      draw_date: '2026-12-05T09:30:00.000Z',
      draw_no: 4521,
      prize_pool: 5_000_000,
      days_of_week: ['saturday'],
      price: 7.4,
      name: 'Saturday Lotto',
      variant: 'standard',
    });
  });

  it('sends no prize pool when none is known', () => {
    expect(
      analyticsProductOfTracking({ ...tracking, prizePool: null }, { source: '/', cartId: null }).prize_pool,
    ).toBeNull();
  });
});

describe('analyticsProductOfCartItem', () => {
  const item = {
    id: 'i1',
    productType: 'raffle_ticket',
    lotteryKey: 'hospital-raffle',
    quantity: 1,
    unitPrice: { amount: 25, currency: 'AUD' },
    totalPrice: { amount: 25, currency: 'AUD' },
    numDraws: 1,
    drawNo: 12,
    gameType: null,
    gameOffer: null,
    causeKey: 'kids-hospital',
    day: null,
    recurringPurchase: null,
    minimumJackpotAmount: null,
    games: [],
    quickpick: false,
    purchaseStatus: null,
    numTickets: 10,
    numShares: null,
    description: 'Hospital Raffle, book of 10',
    drawDate: '2026-12-20T08:00:00.000Z',
    numGames: null,
    numRaffleTickets: 10,
    syndicateKey: null,
    syndicateName: null,
    hasFavouriteNumbers: false,
    membershipProgram: null,
    membershipOffer: null,
    membershipOfferName: null,
  } satisfies CartItemView;

  it('names the category by product type and carries the cart id', () => {
    expect(analyticsProductOfCartItem(item, 'Drawhouse', { source: '/cart', cartId: 'cart-1' })).toEqual({
      brand: 'Drawhouse',
      category: 'raffle ticket',
      cause: 'kids-hospital',
      source: '/cart',
      cart_id: 'cart-1',
      product_id: 'hospital-raffle',
      num_draws: 1,
      num_games: null,
      purchase_status: 'standard',
      draw_date: '2026-12-20T08:00:00.000Z',
      draw_no: 12,
      prize_pool: null,
      days_of_week: [],
      price: 25,
      name: 'Hospital Raffle, book of 10',
      variant: null,
    });
  });
});
