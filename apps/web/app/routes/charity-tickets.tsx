import { listing } from '../features/catalogue/listing.server';
import { ListingPage } from '../features/catalogue/listing-page';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/charity-tickets';

export const handle: ScreenHandle = { screenName: 'charity-tickets' };

const TITLE = 'Charity raffles';
const INTRO = 'Win life-changing prizes while supporting Australian causes.';

export async function loader({ context }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  return listing(site, handle.screenName, ['raffle']);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, INTRO);

export default function CharityTickets({ loaderData }: Route.ComponentProps) {
  return <ListingPage title={TITLE} intro={INTRO} listing={loaderData.listing} />;
}
