/** Orders and tickets as the API answers them, for the view models' tests. */
import type { DrawSummary, OrderSummary } from '@drawhouse/contract';

export const AUD = (amount: number) => ({ amount, currency: 'AUD' });

export const POWERBALL_DRAW: DrawSummary = {
  drawId: 'd1',
  productOfferKey: 'powerball',
  offerName: 'Powerball',
  lotteryKey: 'powerball',
  displayCategory: 'lotto',
  drawType: 'lottery_ticket_draw',
  drawNo: 1523,
  status: 'DRAW_OPEN',
  stopDate: '2026-11-26T08:30:00Z',
  drawDate: '2026-11-26T09:30:00Z',
  jackpot: null,
};

export function testOrder(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 'o1',
    checkoutId: 'c1',
    createdAt: '2026-11-24T09:00:00Z',
    productType: 'lottery_ticket',
    productOfferKey: 'powerball',
    offerName: 'Powerball',
    description: 'Powerball – Standard',
    gameType: 'standard',
    numGames: 1,
    quantity: 1,
    total: AUD(7.5),
    purchaseStatus: 'standard',
    numDraws: 1,
    ticketCount: 1,
    nextDraw: POWERBALL_DRAW,
    lastDraw: POWERBALL_DRAW,
    prize: null,
    prizePending: false,
    ...overrides,
  };
}
