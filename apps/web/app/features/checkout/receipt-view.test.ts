import type { Receipt } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { receiptView } from './receipt-view';

const AUD = (amount: number) => ({ amount, currency: 'AUD' });

const RECEIPT: Receipt = {
  checkoutId: 'chk_1',
  createdAt: '2026-11-24T09:00:00Z',
  total: AUD(32.5),
  discount: AUD(0),
  preOrderTotal: AUD(7.5),
  paidNow: AUD(25),
  paid: { promo: AUD(0), wallet: AUD(5), card: AUD(20) },
  paidBy: 'Visa ending 4242',
  voucherCode: null,
  promoCreditGranted: AUD(0),
  orders: [
    {
      id: 'o1',
      description: 'Powerball – Standard',
      productType: 'lottery_ticket',
      lotteryKey: 'powerball',
      quantity: 1,
      unitPrice: AUD(7.5),
      totalPrice: AUD(7.5),
      numDraws: 1,
      purchaseStatus: 'standard',
      draws: [{ drawNo: 1523, drawDate: '2026-11-26T09:30:00Z' }],
      tickets: [
        {
          id: 't1',
          drawNo: 1523,
          drawDate: '2026-11-26T09:30:00Z',
          games: [{ numbers: [3, 14, 22, 31, 33, 34, 40], powerball: [7] }],
          raffleTicketNumbers: [],
          numShares: null,
        },
      ],
    },
    {
      id: 'o2',
      description: 'Coastal Prize Home – 3 tickets',
      productType: 'raffle_ticket',
      lotteryKey: 'coastal-prize-home',
      quantity: 1,
      unitPrice: AUD(10),
      totalPrice: AUD(10),
      numDraws: 1,
      purchaseStatus: 'standard',
      draws: [{ drawNo: 12, drawDate: '2026-12-20T09:30:00Z' }],
      tickets: [
        {
          id: 't2',
          drawNo: 12,
          drawDate: '2026-12-20T09:30:00Z',
          games: [],
          raffleTicketNumbers: [41, 42, 43],
          numShares: null,
        },
      ],
    },
    {
      id: 'o3',
      description: 'Powerball Syndicate',
      productType: 'syndicate_share',
      lotteryKey: 'powerball-syndicate',
      quantity: 2,
      unitPrice: AUD(3.75),
      totalPrice: AUD(7.5),
      numDraws: 1,
      purchaseStatus: 'standard',
      draws: [{ drawNo: 1523, drawDate: '2026-11-26T09:30:00Z' }],
      tickets: [
        {
          id: 't3',
          drawNo: 1523,
          drawDate: '2026-11-26T09:30:00Z',
          games: [],
          raffleTicketNumbers: [],
          numShares: 2,
        },
      ],
    },
  ],
  scheduledPurchases: [
    {
      id: 'sp1',
      kind: 'pre_order',
      status: 'active',
      description: 'Powerball – Standard',
      productType: 'lottery_ticket',
      lotteryKey: 'powerball',
      drawNo: 1530,
      drawDate: null,
      numDraws: 1,
      amount: AUD(7.5),
    },
  ],
  trackingData: { products: [], goals: [] },
};

describe('receiptView', () => {
  it('shows every ticket: game numbers, raffle ticket numbers and shares', () => {
    const view = receiptView(RECEIPT);
    expect(view.orders.map((o) => o.tickets[0])).toEqual([
      expect.objectContaining({
        games: ['3 14 22 31 33 34 40 · Powerball 7'],
        raffleNumbers: null,
        shares: null,
      }),
      expect.objectContaining({ games: [], raffleNumbers: 'Ticket numbers 41, 42, 43' }),
      expect.objectContaining({ shares: '2 shares' }),
    ]);
    expect(view.orders[0]?.tickets[0]?.draw).toMatch(/^Draw 1523 · /);
    expect(view.orders[2]?.quantity).toBe('× 2');
  });

  it('says what was paid now and how: the balance’s own part apart from the card’s', () => {
    const view = receiptView(RECEIPT);
    expect(view.amounts).toEqual([
      { label: 'Total', amount: '$32.50', testId: 'receipt-total' },
      { label: 'Pre-orders, charged later', amount: '$7.50', testId: 'receipt-pre-orders' },
      { label: 'Paid now', amount: '$25.00', testId: 'receipt-paid-now' },
    ]);
    expect(view.paidWith).toEqual([
      { label: 'Your balance', amount: '$5.00', testId: 'paid-balance' },
      { label: 'Visa ending 4242', amount: '$20.00', testId: 'paid-card' },
    ]);
    expect(view.preOrders).toEqual([
      { id: 'sp1', description: 'Powerball – Standard', draw: 'Draw 1530', amount: '$7.50' },
    ]);
  });

  it('names a voucher’s discount and the promotional credit it granted', () => {
    const view = receiptView({
      ...RECEIPT,
      discount: AUD(5),
      voucherCode: 'SAVE5',
      promoCreditGranted: AUD(20),
    });
    expect(view.amounts[1]).toEqual({ label: 'Promo SAVE5', amount: '-$5.00', testId: 'receipt-discount' });
    expect(view.promoCredit).toBe('$20.00');
  });
});
