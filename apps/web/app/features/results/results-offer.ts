/** The offer a results page is about, as its pages show it. */
export type ResultsOfferView = {
  key: string;
  name: string;
  kind: 'lottery' | 'raffle';
  lotteryKey: string | null;
  /** Whether the offer has a statistics page (lotteries). */
  statistics: boolean;
};

export type OfferTab = 'results' | 'winners' | 'statistics';

/** The tabs of an offer's results pages, each with its address. */
export function offerTabs(offer: ResultsOfferView): { key: OfferTab; label: string; href: string }[] {
  const tabs: { key: OfferTab; label: string; href: string }[] = [
    { key: 'results', label: 'Results', href: `/${offer.key}/results` },
    { key: 'winners', label: 'Winners', href: `/${offer.key}/winners` },
  ];
  if (offer.statistics) {
    tabs.push({ key: 'statistics', label: 'Statistics', href: `/${offer.key}/statistics` });
  }
  return tabs;
}
