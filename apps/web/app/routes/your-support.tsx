import { SUPPORT_COPY } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { type SupportView, supportView } from '../features/support/support.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen, visibleOffers } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/your-support';

export const handle: ScreenHandle = { screenName: 'your-support' };

/**
 * `/your-support` and `/{productOfferKey}/your-support`: how to reach support (phone with opening
 * hours, email, chat while available) and the FAQ; an offer's page names the offer.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  const key = params.productOfferKey;
  requireScreen(site, key === undefined ? 'your-support' : 'offer-your-support');
  let offerName: string | null = null;
  if (key !== undefined) {
    const offer = visibleOffers(site).find((o) => o.key === key);
    if (!offer) throw data(null, { status: 404 });
    offerName = offer.name;
  }
  const view: SupportView = await supportView(site, visitor);
  return { view, offerName, siteName: site.config.siteName };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData?.offerName ? `${loaderData.offerName} support` : 'Customer support',
    'Call, email or chat with our support team, and find answers to common questions.',
  );

const CHANNEL_TEST_IDS = {
  phone: 'support-page-phone',
  email: 'support-page-email',
  chat: 'support-page-chat',
};

export default function YourSupport({ loaderData }: Route.ComponentProps) {
  const { view, offerName } = loaderData;
  const phone = view.channels.find((c) => c.kind === 'phone');
  const others = view.channels.filter((c) => c.kind !== 'phone');
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-extrabold">{SUPPORT_COPY.heading}</h1>
      {offerName ? (
        <p className="mt-2 text-lg" data-testid="support-offer">
          Help with {offerName}
        </p>
      ) : null}
      <section aria-labelledby="support-contact" className="mt-8">
        <h2 id="support-contact" className="text-2xl font-bold">
          Contact us
        </h2>
        {phone ? (
          <p className="mt-4">
            Call{' '}
            <a href={phone.href} className="link font-semibold" data-testid={CHANNEL_TEST_IDS.phone}>
              {phone.label}
            </a>
          </p>
        ) : null}
        {view.openingHoursList.length > 0 ? (
          <ul className="mt-2 text-sm" aria-label="Opening hours" data-testid="support-hours">
            {view.openingHoursList.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : view.openingHours ? (
          <p className="mt-2 text-sm">{view.openingHours}</p>
        ) : null}
        <ul className="mt-4 flex flex-wrap gap-3">
          {others.map((channel) => (
            <li key={channel.kind}>
              <a
                href={channel.href}
                className="button-secondary"
                data-testid={CHANNEL_TEST_IDS[channel.kind]}
              >
                {channel.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="support-faq" className="mt-10">
        <h2 id="support-faq" className="text-2xl font-bold">
          Frequently asked questions
        </h2>
        {view.faq.length > 0 ? (
          <div className="mt-4 flex flex-col gap-2" data-testid="support-faq-list">
            {view.faq.map((f) => (
              <details key={f.id} className="rounded border border-current/20 p-3">
                <summary className="cursor-pointer font-semibold">{f.question}</summary>
                <p className="mt-2">{f.answer}</p>
              </details>
            ))}
          </div>
        ) : null}
        <p className="mt-4">
          <Link to="/about/faq" className="link">
            Read all FAQs
          </Link>{' '}
          or see how to{' '}
          <Link to="/about/contact-us" className="link">
            contact us
          </Link>{' '}
          by post.
        </p>
      </section>
    </div>
  );
}
