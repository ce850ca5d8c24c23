import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type OfferTab, offerTabs, type ResultsOfferView } from './results-offer';

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
      <nav aria-label={`${offer.name} results pages`} className="mt-6 border-b border-black/15">
        <ul className="-mb-px flex flex-wrap gap-1">
          {offerTabs(offer).map((tab) => (
            <li key={tab.key}>
              <Link
                to={tab.href}
                aria-current={tab.key === current ? 'page' : undefined}
                className={`block rounded-t-lg border px-4 py-2 font-semibold ${
                  tab.key === current
                    ? 'border-black/15 border-b-page bg-page'
                    : 'border-transparent text-muted hover:underline'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
