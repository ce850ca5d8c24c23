import { describe, expect, it } from 'vitest';
import { offerTabs, type ResultsOfferView } from './results-offer';

const lottery: ResultsOfferView = {
  key: 'powerball',
  name: 'Powerball',
  kind: 'lottery',
  lotteryKey: 'powerball',
  statistics: true,
};

describe('the tabs of an offer’s results pages', () => {
  it('lead to the results, winners and, for a lottery with statistics, the statistics', () => {
    expect(offerTabs(lottery)).toEqual([
      { key: 'results', label: 'Results', href: '/powerball/results' },
      { key: 'winners', label: 'Winners', href: '/powerball/winners' },
      { key: 'statistics', label: 'Statistics', href: '/powerball/statistics' },
    ]);
  });

  it('have no statistics tab where the offer has no statistics page', () => {
    const raffle = { ...lottery, key: 'coastal-prize-home', kind: 'raffle' as const, statistics: false };
    expect(offerTabs(raffle).map((t) => t.key)).toEqual(['results', 'winners']);
  });
});
