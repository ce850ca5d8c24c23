import { LottoPartySteps } from '../../features/lotto-party/how-it-works';
import { discoverSessions, requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { sessionView } from '../../features/lotto-party/lotto-party-view';
import { SessionCard } from '../../features/lotto-party/session-card';
import { SocialPlayOffers } from '../../features/lotto-party/social-play';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/social-play';

/** /social-play: the syndicates on sale and the open Lotto Party sessions anyone may join. */
export const handle: ScreenHandle = { screenName: 'social-play' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Play together');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireLottoParty(site);
  const syndicates = site.offers
    .filter((o) => o.type === 'syndicate_share')
    .map((o) => ({ key: o.key, name: o.name }));
  const sessions = visitor.signedIn ? (await discoverSessions(visitor)).map(sessionView) : null;
  return { syndicates, sessions };
}

export default function SocialPlay({ loaderData }: Route.ComponentProps) {
  const { syndicates, sessions } = loaderData;
  return (
    <div className="container-page py-8" data-testid="social-play">
      <h1 className="text-4xl font-extrabold">Play together</h1>
      <SocialPlayOffers syndicates={syndicates} />
      <section aria-labelledby="open-parties-title" className="mt-8">
        <h2 id="open-parties-title" className="text-2xl font-bold">
          Open Lotto Parties
        </h2>
        {sessions === null ? (
          <p className="mt-2">Sign in to see the Lotto Parties open to everyone.</p>
        ) : sessions.length === 0 ? (
          <p className="mt-2">No open Lotto Party is listed right now.</p>
        ) : (
          <ul className="mt-3 grid gap-4 md:grid-cols-2">
            {sessions.map((s) => (
              <SessionCard key={s.id} session={s} />
            ))}
          </ul>
        )}
      </section>
      <LottoPartySteps />
    </div>
  );
}
