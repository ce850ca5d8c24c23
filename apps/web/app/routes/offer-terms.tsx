import { type OfferTermsItem, OfferTermsItemSchema, type ProductOffer } from '@drawhouse/contract';
import { type OfferTerms, offerTerms, raffleDrawTerms } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { offerOfPath } from '../features/catalogue/find-offer.server';
import { centsOf } from '../features/catalogue/offer-view.server';
import { drawDetails } from '../features/results/draws.server';
import { ApiError, api } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { publicCallerOf, type Visitor, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-terms';

type TermsView = OfferTerms & { source: 'cms' | 'generated' };

/** The CMS's terms item (`{offer}` or `{offer}.{drawNo}`), or null when it has none. */
async function cmsTerms(visitor: Visitor, id: string): Promise<OfferTermsItem | null> {
  try {
    return await api.get(OfferTermsItemSchema, 'cms', `/items/offer_terms/${encodeURIComponent(id)}`, {
      caller: publicCallerOf(visitor),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** An offer's terms: the CMS's, else generated from the offer. */
async function offerTermsView(visitor: Visitor, offer: ProductOffer): Promise<TermsView> {
  const item = await cmsTerms(visitor, offer.key);
  if (item) return { title: item.title, sections: item.sections, source: 'cms' };
  return { ...offerTerms({ name: offer.name, type: offer.type }), source: 'generated' };
}

/**
 * A raffle draw's terms: the CMS's, else generated from the draw's own data (its close and draw
 * times, the raffle's prizes and postal entry). A draw the raffle does not have is the 404 page.
 */
async function drawTermsView(visitor: Visitor, offer: ProductOffer, drawNo: number): Promise<TermsView> {
  const raffle = offer.raffle;
  if (!raffle) throw data(null, { status: 404 });
  const item = await cmsTerms(visitor, `${offer.key}.${drawNo}`);
  if (item) return { title: item.title, sections: item.sections, source: 'cms' };
  const draw = await drawDetails(visitor, offer.key, drawNo);
  const terms = raffleDrawTerms({
    raffleName: offer.name,
    offerKey: offer.key,
    drawNo,
    causeName: offer.causes.find((c) => c.key === raffle.causeKey)?.name ?? null,
    closesAt: new Date(draw.stopDate),
    drawAt: new Date(draw.drawDate),
    prizes: raffle.prizes.map((p) => ({ rank: p.rank, name: p.name, valueCents: centsOf(p.value) ?? 0 })),
    postalEntryAvailable: raffle.postalEntryAvailable,
    permits: [],
  });
  return { ...terms, source: 'generated' };
}

export const handle: ScreenHandle = { screenName: 'offer-terms' };

/**
 * `/{offer}/terms-and-conditions` and `/{offer}/terms-and-conditions/{drawNo}`: an offer's terms, and
 * a raffle draw's (permits, close, prizes, draw place and time, how winners are told, free entry by
 * post), from the CMS or generated from the draw's data when it has none. An offer the shop does not
 * have, a draw number of another kind of offer or a draw the raffle does not have is the 404 page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const offer = offerOfPath(site, params.productOfferKey, visitor.link.subVariant);
  if (!offer) throw data(null, { status: 404 });
  if (params.drawNo === undefined) {
    return { key: offer.key, name: offer.name, drawNo: null, terms: await offerTermsView(visitor, offer) };
  }
  const drawNo = /^\d{1,9}$/.test(params.drawNo) ? Number(params.drawNo) : Number.NaN;
  if (!offer.raffle || !Number.isSafeInteger(drawNo)) throw data(null, { status: 404 });
  return { key: offer.key, name: offer.name, drawNo, terms: await drawTermsView(visitor, offer, drawNo) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? loaderData.terms.title : null);

export default function OfferTermsPage({ loaderData }: Route.ComponentProps) {
  const { key, name, drawNo, terms } = loaderData;
  return (
    <div className="container-page py-8" data-testid="offer-terms">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={drawNo === null ? `/${key}` : `/${key}/draw/${drawNo}`} className="link">
          {drawNo === null ? name : `${name} draw ${drawNo}`}
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold">{terms.title}</h1>
      <div className="mt-6 flex max-w-3xl flex-col gap-6">
        {terms.sections.map((section) => (
          <section key={section.heading} aria-label={section.heading}>
            <h2 className="text-xl font-bold">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-2">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>
      {drawNo === null ? null : (
        <p className="mt-8">
          <Link to={`/${key}/terms-and-conditions`} className="link">
            {name} terms and conditions
          </Link>
        </p>
      )}
      <p className="mt-4 text-sm text-muted">
        These terms add to the{' '}
        <Link to="/about/terms-and-conditions" className="link">
          Drawhouse terms and conditions
        </Link>
        .
      </p>
    </div>
  );
}
