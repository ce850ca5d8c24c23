import type { ProductOffer } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { syndicateFor } from './syndicate-for';

const offer = (o: Partial<ProductOffer> & Pick<ProductOffer, 'key' | 'type'>) =>
  ({ lotteryKey: null, syndicate: null, ...o }) as ProductOffer;

const OFFERS = [
  offer({ key: 'powerball', type: 'lottery_ticket', lotteryKey: 'powerball' }),
  offer({ key: 'oz-lotto', type: 'lottery_ticket', lotteryKey: 'oz-lotto' }),
  offer({ key: 'lotto-strike', type: 'lottery_ticket', lotteryKey: 'lotto-strike' }),
  offer({ key: 'coastal-home', type: 'raffle_ticket' }),
  offer({
    key: 'powerball-syndicate',
    type: 'syndicate_share',
    lotteryKey: 'powerball',
    syndicate: { totalShares: 60, sharesSold: 0, lotteryKey: 'powerball' },
  }),
  offer({
    key: 'oz-lotto-syndicate',
    type: 'syndicate_share',
    lotteryKey: 'oz-lotto',
    syndicate: { totalShares: 30, sharesSold: 0, lotteryKey: 'oz-lotto' },
  }),
];
const all = () => true;

describe('syndicateFor', () => {
  it("opens a lottery's syndicate, and a syndicate's own", () => {
    expect(syndicateFor(OFFERS, 'powerball', all)?.key).toBe('powerball-syndicate');
    expect(syndicateFor(OFFERS, 'oz-lotto', all)?.key).toBe('oz-lotto-syndicate');
    expect(syndicateFor(OFFERS, 'oz-lotto-syndicate', all)?.key).toBe('oz-lotto-syndicate');
  });

  it('finds none for a lottery without one, a raffle, an unknown key or an offer not shown', () => {
    expect(syndicateFor(OFFERS, 'lotto-strike', all)).toBeUndefined();
    expect(syndicateFor(OFFERS, 'coastal-home', all)).toBeUndefined();
    expect(syndicateFor(OFFERS, 'nope', all)).toBeUndefined();
    expect(syndicateFor(OFFERS, 'powerball', (o) => o.key !== 'powerball-syndicate')).toBeUndefined();
    expect(syndicateFor(OFFERS, 'powerball', (o) => o.key !== 'powerball')).toBeUndefined();
  });
});
