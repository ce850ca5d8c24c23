import { orderProductOffers } from '@drawhouse/domain';
import { Link } from 'react-router';
import { ScrollRegion } from '../components/scroll-region';
import { buyRows } from '../features/buy/buy-list.server';
import { pageNow } from '../lib/clock';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen, siteHas, visibleOffers } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/buy';

/**
 * `/buy`: what can be bought now, each offer with its next draw, its price from and a Buy link to
 * `/{offer}/buy` (the decisions are in features/buy/buy-list.server.ts).
 */
export const handle: ScreenHandle = { screenName: 'buy' };

const TITLE = 'Buy tickets';
const INTRO = 'Everything on sale right now, with its next draw and price. Choose one to buy.';

export async function loader({ context }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  requireScreen(site, handle.screenName);
  const ordered = orderProductOffers(visibleOffers(site), {
    syndicatesEnabled: siteHas(site, 'syndicates'),
    lottoPartyOffer: null,
  });
  return { rows: buyRows(ordered, pageNow()) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, INTRO);

export default function Buy({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-extrabold">{TITLE}</h1>
      <p className="mt-2 max-w-2xl text-lg">{INTRO}</p>
      {rows.length === 0 ? (
        <p className="mt-6" role="note">
          Nothing is on sale at the moment. Please check back soon.
        </p>
      ) : (
        <ScrollRegion label="What you can buy now" className="mt-6">
          <table className="w-full text-left" data-testid="buy-list">
            <caption className="sr-only">What you can buy now</caption>
            <thead>
              <tr className="border-b border-black/15">
                <th scope="col" className="py-2 pr-4">
                  Game
                </th>
                <th scope="col" className="py-2 pr-4">
                  Next draw
                </th>
                <th scope="col" className="py-2 pr-4">
                  Price
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Buy</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.key}
                  className="border-b border-black/5 align-top"
                  data-testid={`buy-row-${row.key}`}
                >
                  <th scope="row" className="py-3 pr-4 text-left font-semibold">
                    <Link to={`/${row.key}`} className="link">
                      {row.name}
                    </Link>
                  </th>
                  <td className="py-3 pr-4">
                    {row.drawLabel ?? 'Any time'}
                    {row.drawDate ? <span className="block text-sm text-muted">{row.drawDate}</span> : null}
                  </td>
                  <td className="py-3 pr-4 tabular-nums">{row.price}</td>
                  <td className="py-3">
                    <Link
                      to={row.href}
                      className="button-primary inline-block whitespace-nowrap"
                      aria-label={`Buy ${row.name}`}
                      data-testid={`buy-${row.key}`}
                    >
                      Buy
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
