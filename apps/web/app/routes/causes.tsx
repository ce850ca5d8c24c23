import { CausesSchema } from '@drawhouse/contract';
import { Link } from 'react-router';
import { causeOfferPath } from '../features/catalogue/cause-path';
import { CauseWebsiteLink, causeWebsite } from '../features/catalogue/cause-website';
import { api } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, orPageError, requireScreen } from '../lib/site.server';
import { publicCallerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/causes';

export const handle: ScreenHandle = { screenName: 'causes' };

const CAUSES_LIMIT = 50;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [site, causes] = await Promise.all([
    loadSite(visitor),
    orPageError(
      api.get(CausesSchema, 'main', '/causes', {
        query: { limit: CAUSES_LIMIT },
        caller: publicCallerOf(visitor),
      }),
    ),
  ]);
  requireScreen(site, handle.screenName);
  const offersByKey = new Map(site.offers.map((o) => [o.key, o]));
  return {
    causes: causes.causes.map((c) => ({
      key: c.key,
      urlSlug: c.urlSlug,
      name: c.name,
      summary: c.summary,
      image: c.image,
      website: causeWebsite(c.website),
      offers: c.productOfferKeys.flatMap((key) => {
        const offer = offersByKey.get(key);
        if (!offer) return [];
        // A raffle is played for this cause on the cause's own page of it.
        return [{ key, name: offer.name, href: offer.raffle ? causeOfferPath(c.urlSlug, key) : `/${key}` }];
      }),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Causes we support', 'The Australian charities and causes our raffles raise money for.');

export default function Causes({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-extrabold">Causes we support</h1>
      <p className="mt-2 mb-6 max-w-2xl text-lg">
        Every charity raffle ticket raises money for one of these causes.
      </p>
      {loaderData.causes.length === 0 ? (
        <p>No causes are listed right now.</p>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2">
          {loaderData.causes.map((cause) => (
            <li
              key={cause.key}
              className="flex gap-4 rounded-xl bg-surface p-5"
              data-testid={`cause-${cause.key}`}
            >
              {cause.image ? (
                <img
                  src={cause.image}
                  alt=""
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded object-cover"
                  loading="lazy"
                />
              ) : null}
              <div>
                <h2 className="text-xl font-bold">
                  <Link to={`/causes/${cause.urlSlug}`} className="link">
                    {cause.name}
                  </Link>
                </h2>
                {cause.summary ? <p className="mt-1">{cause.summary}</p> : null}
                {cause.offers.length > 0 ? (
                  <p className="mt-2 text-sm">
                    Raffles:{' '}
                    {cause.offers.map((o, i) => (
                      <span key={o.key}>
                        {i > 0 ? ', ' : ''}
                        <Link to={o.href} className="link">
                          {o.name}
                        </Link>
                      </span>
                    ))}
                  </p>
                ) : null}
                {cause.website ? (
                  <p className="mt-2 text-sm">
                    <CauseWebsiteLink name={cause.name} website={cause.website} />
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
