import { Link, useRouteLoaderData } from 'react-router';
import { listing } from '../features/catalogue/listing.server';
import { OfferGrid } from '../features/catalogue/offer-card';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { useParsed } from '../lib/serialized';
import type { ShellPayload } from '../lib/shell';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/home';

export const handle: ScreenHandle = { screenName: 'home' };

export async function loader({ context }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  return listing(site, 'home');
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, null, 'Play Australian lotteries, charity raffles and syndicates online.');

export default function Home({ loaderData }: Route.ComponentProps) {
  const { offers } = useParsed(loaderData.listing);
  const siteName = useRouteLoaderData<ShellPayload>('root')?.siteName ?? 'Drawhouse';
  return (
    <div className="container-page py-8">
      <section
        aria-labelledby="home-title"
        className="mb-8 rounded-2xl bg-primary px-6 py-10 text-on-primary"
      >
        <h1 id="home-title" className="text-3xl font-extrabold md:text-4xl">
          Australia's lotteries, raffles and syndicates in one place
        </h1>
        <p className="mt-3 max-w-2xl text-lg">
          Check the jackpots, pick your draw and play online with {siteName}. Every ticket goes into an
          official draw.
        </p>
      </section>
      <section aria-labelledby="home-offers">
        <h2 id="home-offers" className="mb-4 text-2xl font-bold">
          Play now
        </h2>
        <OfferGrid offers={offers} label="Games on offer" />
      </section>
      <p className="mt-8 text-sm text-muted">
        Please gamble responsibly.{' '}
        <Link to="/about/responsible-gaming" className="link">
          Responsible gambling
        </Link>
      </p>
    </div>
  );
}
