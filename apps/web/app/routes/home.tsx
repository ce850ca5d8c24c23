import { Link, useRouteLoaderData } from 'react-router';
import { FeaturedOffer, type FeaturedOfferView } from '../features/catalogue/featured-offer';
import { type ListingPayload, listing } from '../features/catalogue/listing.server';
import { OfferGrid } from '../features/catalogue/offer-card';
import { offerCardView } from '../features/catalogue/offer-view.server';
import { featuredOffer } from '../features/catalogue/placement.server';
import { HomeHero, heroVariant } from '../features/content/home-hero';
import { pageNow } from '../lib/clock';
import { pageMeta } from '../lib/meta';
import { markStable } from '../lib/render-cache.server';
import type { ScreenHandle } from '../lib/route-records';
import { useParsed } from '../lib/serialized';
import type { RootData } from '../lib/shell';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/home';

export const handle: ScreenHandle = { screenName: 'home' };

type HomeData = ListingPayload & { featured: FeaturedOfferView | null };

/** The home data, kept per listing payload and featured offer so the render cache names it by number. */
const homeData = new WeakMap<ListingPayload, Map<string, HomeData>>();

export async function loader({ context }: Route.LoaderArgs): Promise<HomeData> {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  const payload = listing(site, 'home');
  const featured = await featuredOffer(site, visitor);
  const now = pageNow();
  const key = featured ? `${featured.offer.key} ${featured.reason} ${now.getTime()}` : '';
  let known = homeData.get(payload);
  if (!known) {
    known = new Map();
    homeData.set(payload, known);
  }
  let data = known.get(key);
  if (!data) {
    data = markStable({
      ...payload,
      featured: featured ? { card: offerCardView(featured.offer, now), reason: featured.reason } : null,
    });
    // A few minutes of featured offers at most: the listing payload itself is renewed as its texts change.
    if (known.size > 50) known.clear();
    known.set(key, data);
  }
  return data;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, null, 'Play Australian lotteries, charity raffles and syndicates online.');

export default function Home({ loaderData }: Route.ComponentProps) {
  const { offers } = useParsed(loaderData.listing);
  const { featured } = loaderData;
  const root = useRouteLoaderData<RootData>('root');
  const siteName = root?.siteName ?? 'Drawhouse';
  const shell = useParsed(root?.shell);
  const responsibleGambling = shell?.responsibleGambling ?? false;
  return (
    <div className="container-page py-8">
      <HomeHero
        variant={heroVariant(shell?.components.homeHero ?? 'A', root?.account?.experimentGroups.homeHero)}
        siteName={siteName}
      />
      {featured ? <FeaturedOffer featured={featured} /> : null}
      <section aria-labelledby="home-offers">
        <h2 id="home-offers" className="mb-4 text-2xl font-bold">
          Play now
        </h2>
        <OfferGrid offers={offers} label="Games on offer" />
      </section>
      <p className="mt-8 text-sm text-muted">
        Please gamble responsibly.
        {responsibleGambling ? (
          <>
            {' '}
            <Link to="/about/responsible-gaming" className="link">
              Responsible gambling
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
