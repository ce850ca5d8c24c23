import { CausesSchema } from '@drawhouse/contract';
import { cleanIdentifier, isOfferShown } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { CauseWebsiteLink, causeWebsite } from '../features/catalogue/cause-website';
import { api } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, orPageError, requireScreen } from '../lib/site.server';
import { publicCallerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cause';

export const handle: ScreenHandle = { screenName: 'cause' };

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const slug = cleanIdentifier(params.causeSlug);
  if (!slug) throw data(null, { status: 404 });
  const [site, found] = await Promise.all([
    loadSite(visitor),
    orPageError(
      api.get(CausesSchema, 'main', '/causes', {
        query: { slug, limit: 1 },
        caller: publicCallerOf(visitor),
      }),
    ),
  ]);
  requireScreen(site, handle.screenName);
  const cause = found.causes.find((c) => c.urlSlug === slug);
  if (!cause) throw data(null, { status: 404 });
  const offers = site.offers
    .filter((o) => cause.productOfferKeys.includes(o.key) && isOfferShown(o))
    .map((o) => ({ key: o.key, name: o.name, description: o.description }));
  return {
    cause: {
      name: cause.name,
      summary: cause.summary,
      description: cause.description,
      image: cause.image,
      website: causeWebsite(cause.website),
    },
    offers,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.cause.name ?? null, loaderData?.cause.summary ?? undefined);

export default function CausePage({ loaderData }: Route.ComponentProps) {
  const { cause, offers } = loaderData;
  return (
    <div className="container-page py-8">
      <p>
        <Link to="/causes" className="link">
          All causes
        </Link>
      </p>
      <article className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold">{cause.name}</h1>
        {cause.summary ? <p className="mt-2 text-lg">{cause.summary}</p> : null}
        {cause.image ? (
          <img src={cause.image} alt="" height={240} className="mt-6 h-60 w-auto rounded-xl" loading="lazy" />
        ) : null}
        {cause.description ? <p className="mt-6 leading-relaxed">{cause.description}</p> : null}
        {cause.website ? (
          <p className="mt-4">
            <CauseWebsiteLink name={cause.name} website={cause.website} />
          </p>
        ) : null}
      </article>
      {offers.length > 0 ? (
        <section aria-labelledby="cause-offers" className="mt-10">
          <h2 id="cause-offers" className="text-2xl font-bold">
            Raffles for {cause.name}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {offers.map((offer) => (
              <li key={offer.key} className="rounded-xl bg-surface p-5">
                <h3 className="text-lg font-bold">{offer.name}</h3>
                {offer.description ? <p className="mt-1">{offer.description}</p> : null}
                <p className="mt-3">
                  <Link to={`/${offer.key}`} className="button-primary">
                    Play<span className="sr-only"> {offer.name}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
