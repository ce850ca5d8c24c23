import { formatMoney, moneyToCents } from '@drawhouse/domain';
import { Link } from 'react-router';
import { MembershipBuy } from '../features/buy/membership-buy';
import { loadProgramConfig } from '../features/membership/membership.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/daily-winners-tiers';

export const handle: ScreenHandle = { screenName: 'daily-winners-membership-tiers' };
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Daily Winners membership tiers');

/** /daily-winners/membership-tiers: free against premium, and premium's periods with their prices. */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const config = await loadProgramConfig(visitor);
  return {
    config,
    periods: config.premiumOffers.map((o) => ({
      key: o.key,
      name: o.name,
      price: formatMoney(moneyToCents(o.price), o.price.currency),
    })),
  };
}

export default function DailyWinnersTiers({ loaderData }: Route.ComponentProps) {
  const { config, periods } = loaderData;
  const names = (tier: 'free' | 'premium') =>
    config.giveawayTypes
      .filter((t) => t.tier === tier)
      .map((t) => t.name)
      .join(', ');
  return (
    <div className="container-page py-8" data-testid="membership-tiers">
      <h1 className="text-3xl font-extrabold">Daily Winners membership tiers</h1>
      <table className="mt-6 w-full max-w-3xl text-left">
        <caption className="sr-only">What each tier gives</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Giveaways</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Free</th>
            <td>
              {names('free')}; {names('premium')} once unlocked by a purchase or deposit that month
            </td>
            <td>Free</td>
          </tr>
          <tr>
            <th scope="row">Premium</th>
            <td>Every giveaway: {[names('free'), names('premium')].filter(Boolean).join(', ')}</td>
            <td>From {periods[0]?.price ?? '–'}</td>
          </tr>
        </tbody>
      </table>
      <div className="mt-8 max-w-xl">
        {periods.length > 0 ? (
          <MembershipBuy membership={{ periods }} offerKey={config.membershipOfferKey} available />
        ) : (
          <p>Premium is not on sale at the moment.</p>
        )}
        <p className="mt-4">
          <Link
            to={`/${config.membershipOfferKey}/subscription`}
            className="link"
            data-testid="subscription-link"
          >
            Pay by subscription instead
          </Link>
        </p>
      </div>
    </div>
  );
}
