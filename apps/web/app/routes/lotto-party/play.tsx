import { isOfferShown } from '@drawhouse/domain';
import { useState } from 'react';
import { data, Link, useLocation, useNavigate } from 'react-router';
import { openingFrom } from '../../features/lotto-party/creation-flow';
import { CreationModal } from '../../features/lotto-party/creation-modal';
import { LottoPartyRules } from '../../features/lotto-party/how-it-works';
import {
  loadConfig,
  myOpenSessionsOn,
  requireLottoParty,
} from '../../features/lotto-party/lotto-party.server';
import { drawChoices, sessionView } from '../../features/lotto-party/lotto-party-view';
import { SessionCard } from '../../features/lotto-party/session-card';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import { loginUrlFor } from '../../lib/redirect-to';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/play';

/** /{offer}/lotto-party: the customer's groups' open sessions on this lottery, and starting one. */
export const handle: ScreenHandle = { screenName: 'lotto-party-play' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `${loaderData.offer.name} Lotto Party` : 'Lotto Party');

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireLottoParty(site);
  const offer = site.offers.find(
    (o) => o.key === params.productOfferKey && o.type === 'lottery_ticket' && isOfferShown(o),
  );
  if (!offer) throw data(null, { status: 404 });
  const base = { offer: { key: offer.key, name: offer.name }, loginHref: loginUrlFor(visitor.path) };
  if (!visitor.signedIn) return { ...base, signedIn: false as const, sessions: [], draws: [] };
  const [sessions, config] = await Promise.all([myOpenSessionsOn(visitor, offer.key), loadConfig(visitor)]);
  return {
    ...base,
    signedIn: true as const,
    sessions: sessions.map(sessionView),
    draws: drawChoices(config.draws, offer.key),
  };
}

export default function LottoPartyPlay({ loaderData }: Route.ComponentProps) {
  const { offer, sessions, draws, signedIn, loginHref } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const fromState = openingFrom(location.state);
  const [opened, setOpened] = useState<ReturnType<typeof openingFrom>>(null);
  const opening = opened ?? (signedIn ? fromState : null);
  function close() {
    setOpened(null);
    // The navigation state that opened the modal is spent: a reload must not open it again.
    if (fromState) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }
  return (
    <div className="container-page py-8" data-testid="lotto-party-play">
      <p>
        <Link to={`/${offer.key}`} className="link">
          {offer.name}
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-extrabold">{offer.name} Lotto Party</h1>
      <p className="mt-2 max-w-2xl">
        Buy shares with your group: the pot buys the games when the draw closes, and prizes are shared by
        shares.
      </p>
      {signedIn ? (
        <button
          type="button"
          className="button-primary mt-4"
          onClick={() => setOpened({ step: 'name_group', group: null })}
        >
          Start a Lotto Party
        </button>
      ) : (
        <p className="mt-4">
          <Link to={loginHref} className="button-primary">
            Sign in to start a Lotto Party
          </Link>
        </p>
      )}
      <section aria-labelledby="open-sessions-title" className="mt-8">
        <h2 id="open-sessions-title" className="text-2xl font-bold">
          Your groups' open sessions
        </h2>
        {sessions.length === 0 ? (
          <p className="mt-2">None of your groups has an open session on {offer.name}.</p>
        ) : (
          <ul className="mt-3 grid gap-4 md:grid-cols-2">
            {sessions.map((s) => (
              <SessionCard key={s.id} session={s} />
            ))}
          </ul>
        )}
      </section>
      <LottoPartyRules />
      {opening ? <CreationModal opening={opening} draws={draws} onClose={close} /> : null}
    </div>
  );
}
