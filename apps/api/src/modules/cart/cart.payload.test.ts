import { describe, expect, it } from 'vitest';
import { parseCartItem, StoredPayloadError } from './cart.payload.ts';

const drawn = { description: 'x', purchaseStatus: 'open', drawDate: '2026-11-26T09:30:00.000Z' };
const lottery = {
  ...drawn,
  gameType: 'standard',
  gameOffer: 'powerball-standard',
  games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }],
  quickpick: false,
  numGames: 1,
  day: null,
  causeKey: null,
};
const row = (productType: string, payload: unknown) => ({ id: 'item-1', productType, payload, quantity: 1 });

describe('parseCartItem', () => {
  it('reads each product type with the payload of its shape, keeping the other columns', () => {
    const parsed = parseCartItem(row('lottery_ticket', lottery));
    expect(parsed).toEqual({ id: 'item-1', productType: 'lottery_ticket', payload: lottery, quantity: 1 });
    if (parsed.productType !== 'lottery_ticket') throw new Error('not a lottery item');
    expect(parsed.payload.games[0]?.powerball).toEqual([8]);
    for (const [type, payload] of [
      ['raffle_ticket', { ...drawn, numTickets: 10, causeKey: 'coastal-kids' }],
      [
        'syndicate_share',
        { ...drawn, gameType: 'syndicate', numShares: 3, offerName: 'Powerball Syndicate' },
      ],
      [
        'syndicate_share',
        {
          ...drawn,
          gameType: 'lotto_party',
          numShares: 3,
          offerName: 'Powerball',
          sessionId: 'session-1',
          groupName: 'Office Pool',
        },
      ],
      [
        'membership',
        {
          description: 'Daily Winners: Monthly membership',
          gameType: 'monthly',
          membershipProgram: 'daily-winners',
          membershipOffer: 'daily-winners-monthly',
          membershipOfferName: 'Monthly',
        },
      ],
    ] as const) {
      expect(parseCartItem(row(type, payload)).payload).toEqual(payload);
    }
  });

  it('drops keys no shape has (an older build wrote quickpick on every item)', () => {
    const raffle = { ...drawn, numTickets: 10, causeKey: 'coastal-kids' };
    expect(parseCartItem(row('raffle_ticket', { ...raffle, quickpick: false })).payload).toEqual(raffle);
  });

  it('refuses a payload that does not fit its product type, naming the item and the field', () => {
    const cases: [string, unknown, RegExp][] = [
      ['lottery_ticket', { ...lottery, games: 'lots' }, /games/],
      ['lottery_ticket', { ...lottery, purchaseStatus: 'sold_out' }, /purchaseStatus/],
      ['lottery_ticket', { gameType: 'standard' }, /gameOffer/],
      ['raffle_ticket', lottery, /numTickets/],
      ['syndicate_share', { ...drawn, gameType: 'standard', numShares: 3, offerName: 'x' }, /gameType/],
      ['syndicate_share', { ...drawn, gameType: 'lotto_party', numShares: 3, offerName: 'x' }, /sessionId/],
      ['membership', {}, /membershipProgram/],
      ['gift_card', lottery, /productType/],
      ['lottery_ticket', null, /payload/],
    ];
    for (const [type, payload, field] of cases) {
      const read = () => parseCartItem(row(type, payload));
      expect(read, type).toThrow(StoredPayloadError);
      expect(read, type).toThrow(/^cart item item-1: the stored \S+ payload does not fit its type/);
      expect(read, type).toThrow(field);
    }
  });
});
