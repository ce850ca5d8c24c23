import type { Receipt } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { receiptLines } from './checkout.mail.ts';

const aud = (amount: number) => ({ amount, currency: 'AUD' });
const money = aud(0);

function order(overrides: Partial<Receipt['orders'][number]>): Receipt['orders'][number] {
  return {
    id: 'o',
    description: 'Powerball: 1 game',
    productType: 'lottery_ticket',
    lotteryKey: 'powerball',
    quantity: 1,
    unitPrice: aud(1.35),
    totalPrice: aud(1.35),
    numDraws: 1,
    purchaseStatus: 'standard',
    draws: [],
    tickets: [],
    ...overrides,
  };
}

const ticket = (overrides: Partial<Receipt['orders'][number]['tickets'][number]>) => ({
  id: 't',
  drawNo: 1500,
  drawDate: '2026-05-07T09:30:00.000Z',
  games: [],
  raffleTicketNumbers: [],
  numShares: null,
  ...overrides,
});

describe('receiptLines', () => {
  it('says every ticket in words: games, raffle numbers, shares, and pre-orders', () => {
    const receipt: Receipt = {
      checkoutId: 'c',
      createdAt: '2026-05-01T00:00:00.000Z',
      total: money,
      discount: money,
      preOrderTotal: money,
      paidNow: money,
      paid: { promo: money, wallet: money, card: money },
      voucherCode: null,
      promoCreditGranted: money,
      orders: [
        order({ tickets: [ticket({ games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }] })] }),
        order({
          description: 'Car raffle: 3 tickets',
          tickets: [ticket({ raffleTicketNumbers: [4, 5, 6] })],
        }),
        order({ description: 'Syndicate', tickets: [ticket({ numShares: 1 })] }),
        order({ description: 'Membership', productType: 'membership', totalPrice: aud(10) }),
      ],
      scheduledPurchases: [
        {
          id: 's',
          kind: 'pre_order',
          status: 'active',
          description: 'Powerball: 1 game',
          productType: 'lottery_ticket',
          lotteryKey: 'powerball',
          drawNo: 1501,
          drawDate: null,
          numDraws: 1,
          amount: aud(1.35),
        },
      ],
      trackingData: { products: [], goals: [] },
    };
    expect(receiptLines(receipt)).toEqual([
      'Powerball: 1 game, draw 1500: 1 2 3 4 5 6 7 | PB 8.',
      'Car raffle: 3 tickets, draw 1500: ticket numbers 4, 5, 6.',
      'Syndicate, draw 1500: 1 share.',
      'Membership: $10.00.',
      'Pre-order: Powerball: 1 game ($1.35, charged when its draw opens).',
    ]);
  });
});
