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
  const receipt: Receipt = {
    checkoutId: 'c',
    createdAt: '2026-05-01T00:00:00.000Z',
    total: money,
    discount: money,
    preOrderTotal: money,
    paidNow: money,
    paid: { promo: money, wallet: money, card: money },
    paidBy: null,
    voucherCode: null,
    promoCreditGranted: money,
    orders: [],
    scheduledPurchases: [],
    trackingData: { products: [], goals: [] },
  };

  it('prices every order once and says each ticket in words: games, raffle numbers, shares, and pre-orders', () => {
    const lines = receiptLines({
      ...receipt,
      orders: [
        order({
          totalPrice: aud(2.7),
          numDraws: 2,
          tickets: [
            ticket({ games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }] }),
            ticket({ id: 't2', drawNo: 1501, games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }] }),
          ],
        }),
        order({
          description: 'Car raffle: 3 tickets',
          totalPrice: aud(15),
          tickets: [ticket({ raffleTicketNumbers: [4, 5, 6] })],
        }),
        order({ description: 'Syndicate', totalPrice: aud(25), tickets: [ticket({ numShares: 1 })] }),
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
    });
    expect(lines).toEqual([
      'Powerball: 1 game: $2.70 for 2 draws.',
      '  Draw 1500: 1 2 3 4 5 6 7 | PB 8.',
      '  Draw 1501: 1 2 3 4 5 6 7 | PB 8.',
      'Car raffle: 3 tickets: $15.00.',
      '  Draw 1500: ticket numbers 4, 5, 6.',
      'Syndicate: $25.00.',
      '  Draw 1500: 1 share.',
      'Membership: $10.00.',
      'Pre-order: Powerball: 1 game ($1.35, charged when its draw opens).',
    ]);
  });

  it('says the discount, how it was paid (the card by name) and the promotional credit added', () => {
    const lines = receiptLines({
      ...receipt,
      discount: aud(2),
      voucherCode: 'TENOFF',
      paid: { promo: aud(5), wallet: aud(10), card: aud(65.7) },
      paidBy: 'Visa ending 4242',
      promoCreditGranted: aud(20),
    });
    expect(lines).toEqual([
      'Discount (TENOFF): -$2.00.',
      'Paid with promotional credit: $5.00.',
      'Paid from your balance: $10.00.',
      'Paid by Visa ending 4242: $65.70.',
      '$20.00 of promotional credit was added to your balance.',
    ]);
  });
});
