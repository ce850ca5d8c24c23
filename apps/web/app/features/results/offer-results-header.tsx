import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type OfferTab, offerTabs, type ResultsOfferView } from './results-offer';
import { TabLinks } from './tab-links';

/**
 * The head of an offer's results pages: a breadcrumb to the offer, the page's heading and the tabs
 * between its results, winners and statistics.
 */
export function OfferResultsHeader({
  offer,
  current,
  title,
  children,
}: {
  offer: ResultsOfferView;
  current: OfferTab | null;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header>
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to={`/${offer.key}`} className="link">
              {offer.name}
            </Link>
          </li>
          {current === null ? (
            <li>
              <span aria-hidden="true">/ </span>
              <Link to={`/${offer.key}/results`} className="link">
                Results
              </Link>
            </li>
          ) : null}
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold">{title}</h1>
      {children}
      <TabLinks
        label={`${offer.name} results pages`}
        tabs={offerTabs(offer).map((tab) => ({ ...tab, current: tab.key === current }))}
      />
    </header>
  );
}
