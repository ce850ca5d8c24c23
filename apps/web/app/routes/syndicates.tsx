import { listing } from '../features/catalogue/listing.server';
import { ListingPage } from '../features/catalogue/listing-page';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/syndicates';

export const handle: ScreenHandle = { screenName: 'syndicates' };

const TITLE = 'Syndicates';
const INTRO = 'Join a syndicate: a share of a big system entry for a fraction of the price.';

export async function loader({ context }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  return listing(site, handle.screenName, ['syndicate']);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, INTRO);

export default function Syndicates({ loaderData }: Route.ComponentProps) {
  return <ListingPage title={TITLE} intro={INTRO} listing={loaderData.listing} />;
}
