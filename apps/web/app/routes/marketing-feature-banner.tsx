import { Link } from 'react-router';
import { FeaturedOffer } from '../features/catalogue/featured-offer';
import { offerCardView } from '../features/catalogue/offer-view.server';
import { featuredOffer } from '../features/catalogue/placement.server';
import { pageNow } from '../lib/clock';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/marketing-feature-banner';

/** Drawn without the main shell: the banner alone, as marketing checks it before a campaign. */
export const handle: ScreenHandle = { screenName: 'marketing-feature-banner', layout: 'bare' };
export const headers = privateHeaders;

/**
 * `/marketing/feature-banner`: the home page's feature banner on its own, exactly as the home page
 * would show it to this visitor now (the placement service's choice for their segment and cart),
 * behind the `placements` capability. Never indexed: it is a check, not a page to find.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const featured = await featuredOffer(site, visitor);
  return {
    siteName: site.config.siteName,
    featured: featured ? { card: offerCardView(featured.offer, pageNow()), reason: featured.reason } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Feature banner preview'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function MarketingFeatureBanner({ loaderData }: Route.ComponentProps) {
  const { siteName, featured } = loaderData;
  return (
    <div className="mx-auto flex min-h-screen max-w-5xl flex-col gap-6 px-5 py-10">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-extrabold">Feature banner preview</h1>
        <Link to="/" className="link">
          {siteName} home
        </Link>
      </header>
      <p className="text-muted">The banner the home page shows a visitor like you right now.</p>
      {featured ? (
        <FeaturedOffer featured={featured} />
      ) : (
        <p data-testid="feature-banner-empty" className="rounded-lg bg-surface p-6 font-semibold">
          Nothing is featured right now: the home page shows no banner.
        </p>
      )}
    </div>
  );
}
