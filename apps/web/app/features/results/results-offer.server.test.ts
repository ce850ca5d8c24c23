import type { ProductOffer } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { hasResults, resultsOfferView } from './results-offer.server';

function offer(type: ProductOffer['type'], lotteryKey: string | null): ProductOffer {
  // Only the fields the results pages read.
  return { key: 'k', name: 'Name', type, lotteryKey } as unknown as ProductOffer;
}

describe('which offers have results pages', () => {
  it('are the lotteries and the raffles', () => {
    expect(hasResults(offer('lottery_ticket', 'powerball'))).toBe(true);
    expect(hasResults(offer('raffle_ticket', null))).toBe(true);
    expect(hasResults(offer('syndicate_share', 'powerball'))).toBe(false);
    expect(hasResults(offer('membership', null))).toBe(false);
  });

  it('give a lottery statistics only while the segment has them', () => {
    expect(resultsOfferView(offer('lottery_ticket', 'powerball'), true)).toMatchObject({
      kind: 'lottery',
      statistics: true,
    });
    expect(resultsOfferView(offer('lottery_ticket', 'powerball'), false).statistics).toBe(false);
    expect(resultsOfferView(offer('raffle_ticket', null), true)).toMatchObject({
      kind: 'raffle',
      statistics: false,
    });
  });
});
