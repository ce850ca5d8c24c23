import { isOfferShown } from '@drawhouse/domain';
import { Link } from 'react-router';
import { loadCausePage } from '../features/catalogue/cause.server';
import { causeOfferPath } from '../features/catalogue/cause-path';
import { CauseWebsiteLink, causeWebsite } from '../features/catalogue/cause-website';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cause';

export const handle: ScreenHandle = { screenName: 'cause' };

export async function loader({ context, params }: Route.LoaderArgs) {
  const { site, cause } = await loadCausePage(visitorOf(context), params.causeSlug, handle.screenName);
  const offers = site.offers
    .filter((o) => cause.productOfferKeys.includes(o.key) && isOfferShown(o))
    .map((o) => ({
      key: o.key,
      name: o.name,
      description: o.description,
      // A raffle is played for this cause on the cause's own page of it.
      href: o.raffle ? causeOfferPath(cause.urlSlug, o.key) : `/${o.key}`,
    }));
  return {
    cause: {
      urlSlug: cause.urlSlug,
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
                  <Link to={offer.href} className="button-primary" data-testid={`cause-offer-${offer.key}`}>
                    Play for {cause.name}
                    <span className="sr-only">: {offer.name}</span>
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
