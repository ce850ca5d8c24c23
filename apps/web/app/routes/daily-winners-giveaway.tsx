import type { CustomerGiveaway } from '@drawhouse/contract';
import { callToAction, GIVEAWAY_TYPE_NAMES } from '@drawhouse/domain';
import { GiveawayProofPanel } from '../features/membership/giveaway-proof';
import { closeText, entryStatusText, prizeText } from '../features/membership/giveaway-text';
import { loadGiveaway, loadMembership } from '../features/membership/membership.server';
import { membershipAction } from '../features/membership/membership-action.server';
import { CallToActionBar } from '../features/membership/membership-forms';
import { WinnersTable } from '../features/membership/winners-table';
import { pageNow } from '../lib/clock';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/daily-winners-giveaway';

export const handle: ScreenHandle = { screenName: 'daily-winners-giveaway' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? loaderData.detail.giveaway.title : null);

/**
 * /daily-winners/giveaways/{type}/{number}: one giveaway, its prizes and permits, the customer's
 * entry and call to action, and its proof (verified in the browser once drawn). An unknown type or
 * number is the 404 page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const detail = await loadGiveaway(visitor, params.giveawayType, params.drawNumber);
  const { giveaway } = detail;
  const membership = visitor.signedIn ? await loadMembership(visitor) : null;
  const entry: CustomerGiveaway | null = membership?.entries.find((e) => e.id === giveaway.id) ?? null;
  const cta =
    entry?.callToAction ??
    callToAction({
      membership: {
        status: membership?.status ?? 'non-member',
        premiumUntil: membership?.premiumUntil ? new Date(membership.premiumUntil) : null,
      },
      giveawayType: giveaway.type,
      closed: giveaway.state !== 'open',
      entry: null,
      now: pageNow(),
    });
  return { detail, entry, cta, signedIn: visitor.signedIn };
}

export async function action({ request, context }: Route.ActionArgs) {
  return membershipAction(visitorOf(context), await request.formData());
}

export default function DailyWinnersGiveaway({ loaderData }: Route.ComponentProps) {
  const { detail, entry, cta, signedIn } = loaderData;
  const { giveaway, proof, winners } = detail;
  return (
    <div className="container-page py-8" data-testid="giveaway-page" data-state={giveaway.state}>
      <header className="rounded-2xl bg-primary px-6 py-8 text-on-primary">
        <p className="font-semibold">
          {GIVEAWAY_TYPE_NAMES[giveaway.type]} {giveaway.number}
          {giveaway.pill ? ` · ${giveaway.pill}` : ''}
        </p>
        <h1 className="text-3xl font-extrabold md:text-4xl">{giveaway.title}</h1>
        <p className="mt-2">{closeText(giveaway)}</p>
      </header>
      {giveaway.description ? <p className="mt-6 max-w-3xl text-lg">{giveaway.description}</p> : null}
      <p className="mt-4">
        {giveaway.tier === 'premium'
          ? 'For premium members, and free members who unlock it.'
          : 'Every member is in it, free.'}
      </p>
      {signedIn ? (
        <p
          className="mt-2 font-semibold"
          data-testid="entry-status"
          data-status={entry?.entryStatus ?? 'none'}
        >
          Your entry: {entryStatusText(entry)}
          {entry?.entryNumber ? ` (entry number ${entry.entryNumber})` : ''}
        </p>
      ) : null}

      <section aria-labelledby="prizes-heading" className="mt-8">
        <h2 id="prizes-heading" className="text-2xl font-bold">
          Prizes
        </h2>
        <ul className="mt-4 list-disc pl-6" data-testid="giveaway-prizes">
          {giveaway.prizes.map((prize, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: prizes repeat titles and have no id
            <li key={i}>{prizeText(prize)}</li>
          ))}
        </ul>
        {giveaway.permits ? (
          <p className="mt-4 text-sm text-muted" data-testid="giveaway-permits">
            Permits: {giveaway.permits}
          </p>
        ) : null}
      </section>

      {giveaway.state === 'drawn' ? (
        <section aria-labelledby="winners-heading" className="mt-8">
          <h2 id="winners-heading" className="text-2xl font-bold">
            Winners
          </h2>
          {winners.length === 0 ? (
            <p className="mt-4">This giveaway had no winners.</p>
          ) : (
            <WinnersTable winners={winners} testId="giveaway-winners" />
          )}
        </section>
      ) : null}

      <GiveawayProofPanel proof={proof} number={giveaway.number} />

      <CallToActionBar cta={cta} giveaway={entry ?? undefined} />
    </div>
  );
}
