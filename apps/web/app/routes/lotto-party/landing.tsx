import { isOfferShown } from '@drawhouse/domain';
import { LottoPartyLanding } from '../../features/lotto-party/how-it-works';
import { requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/landing';

/** Answers /lotto-party (the landing) and /lotto-party/group (how it works, in more words). */
export const handle: ScreenHandle = { screenName: 'lotto-party' };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData?.detailed ? 'How a Lotto Party works' : 'Lotto Party',
    'Play the lottery with friends: buy shares, the pot buys the games, prizes are split by shares.',
  );

export async function loader({ context, request }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  requireLottoParty(site);
  const offers = site.offers
    .filter((o) => o.type === 'lottery_ticket' && isOfferShown(o))
    .map((o) => ({ key: o.key, name: o.name }));
  return { offers, detailed: new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/group') };
}

export default function LottoPartyHome({ loaderData }: Route.ComponentProps) {
  return <LottoPartyLanding detailed={loaderData.detailed} offers={loaderData.offers} />;
}
