import { listing } from '../features/catalogue/listing.server';
import { ListingPage } from '../features/catalogue/listing-page';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/lotto-tickets';

export const handle: ScreenHandle = { screenName: 'lotto-tickets' };

const TITLE = 'Lotto tickets';
const INTRO = "Buy tickets in Australia's biggest lotteries, from Powerball to Saturday Lotto.";

export async function loader({ context }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  return listing(site, handle.screenName, ['lotto']);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, INTRO);

export default function LottoTickets({ loaderData }: Route.ComponentProps) {
  return <ListingPage title={TITLE} intro={INTRO} listing={loaderData.listing} />;
}
