import type { CustomerGiveaway, Giveaway } from '@drawhouse/contract';
import { callToAction, formatCalendarDate } from '@drawhouse/domain';
import { Link } from 'react-router';
import { GiveawayCard } from '../features/membership/giveaway-card';
import { giveawayTypesText } from '../features/membership/giveaway-text';
import {
  loadBenefits,
  loadMembership,
  loadProgramConfig,
  loadPublicDraws,
  recordVisit,
} from '../features/membership/membership.server';
import { membershipAction } from '../features/membership/membership-action.server';
import {
  CallToActionBar,
  LeaveButton,
  TIERS_PATH,
  WINNERS_PATH,
} from '../features/membership/membership-forms';
import { pageNow } from '../lib/clock';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/daily-winners';

export const handle: ScreenHandle = { screenName: 'daily-winners' };
export const headers = privateHeaders;

const TITLE = 'Daily Winners';
const DESCRIPTION =
  'Join Daily Winners free and be in a giveaway every day. Go premium for the major and monthly giveaways too.';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, DESCRIPTION);

/**
 * /daily-winners: the programme, the customer's status and tier, the open and upcoming giveaways
 * and the sticky call to action. A signed-in customer's visit is recorded (the header's dot goes).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const now = pageNow();
  const [config, draws] = await Promise.all([loadProgramConfig(visitor), loadPublicDraws(visitor, now)]);
  if (!visitor.signedIn) {
    const cta = callToAction({
      membership: { status: 'non-member', premiumUntil: null },
      giveawayType: null,
      closed: false,
      entry: null,
      now,
    });
    return { config, membership: null, ...draws, entries: [], cta };
  }
  await recordVisit(visitor);
  const membership = await loadMembership(visitor);
  const benefits = membership.status === 'non-member' ? null : await loadBenefits(visitor);
  return {
    config,
    membership: {
      status: membership.status,
      tier: membership.tier,
      premiumUntil: membership.premiumUntil,
      eligibility: membership.eligibility,
      ineligibleReason: membership.ineligibleReason,
      leavingLoses: membership.leavingLoses,
      benefitsUrl: benefits?.ssoUrl ?? null,
    },
    // The customer's open entries are read fresh; the public list may be a few seconds old.
    open: withEntries(draws.open, membership.entries),
    upcoming: draws.upcoming,
    entries: membership.entries,
    cta: membership.callToAction,
  };
}

/** The open giveaways with the customer's entries among them, soonest to close first. */
function withEntries(open: Giveaway[], entries: CustomerGiveaway[]): Giveaway[] {
  const ids = new Set(entries.map((e) => e.id));
  return [...entries, ...open.filter((g) => !ids.has(g.id))].sort((a, b) => a.close.localeCompare(b.close));
}

export async function action({ request, context }: Route.ActionArgs) {
  return membershipAction(visitorOf(context), await request.formData());
}

const STATUS_TEXT = {
  member: 'You are a member',
  'non-member': 'You are not a member yet',
  'pending-deposit': 'Your membership starts when your deposit completes',
} as const;

export default function DailyWinners({ loaderData }: Route.ComponentProps) {
  const { config, membership, open, upcoming, entries, cta } = loaderData;
  const entryOf = new Map<string, CustomerGiveaway>(entries.map((e) => [e.id, e]));
  return (
    <div className="container-page py-8" data-testid="daily-winners-page">
      <header className="rounded-2xl bg-primary px-6 py-8 text-on-primary">
        <h1 className="text-3xl font-extrabold md:text-4xl">{config.programName}</h1>
        <p className="mt-2 max-w-2xl text-lg">{DESCRIPTION}</p>
      </header>

      <section aria-labelledby="how-heading" className="mt-8">
        <h2 id="how-heading" className="text-2xl font-bold">
          How it works
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <div className="rounded-xl bg-surface p-5">
            <h3 className="text-xl font-bold">Free members</h3>
            <p className="mt-2">
              Join free and you are in every {giveawayTypesText(config.giveawayTypes, 'free')}. Buy a ticket
              or make a deposit in a month to unlock that month's premium giveaways.
            </p>
          </div>
          <div className="rounded-xl bg-surface p-5">
            <h3 className="text-xl font-bold">Premium members</h3>
            <p className="mt-2">
              Premium members are in every giveaway, each {giveawayTypesText(config.giveawayTypes, 'premium')}{' '}
              included, with no unlocking.{' '}
              <Link to={TIERS_PATH} className="link">
                See the membership tiers
              </Link>
            </p>
          </div>
        </div>
        <p className="mt-4">
          <Link to={WINNERS_PATH} className="link">
            See the winners
          </Link>
        </p>
      </section>

      {membership ? (
        <section aria-labelledby="status-heading" className="mt-8 rounded-xl bg-surface p-5">
          <h2 id="status-heading" className="text-2xl font-bold">
            Your membership
          </h2>
          <p className="mt-2 font-semibold" data-testid="membership-status" data-status={membership.status}>
            {STATUS_TEXT[membership.status]}
          </p>
          {membership.status === 'member' ? (
            <p data-testid="membership-tier" data-tier={membership.tier}>
              {membership.tier === 'premium'
                ? `Premium${membership.premiumUntil ? `, paid until ${formatCalendarDate(membership.premiumUntil)}` : ''}`
                : 'Free'}
            </p>
          ) : null}
          {membership.eligibility === 'ineligible' && membership.ineligibleReason ? (
            <p className="mt-2">{membership.ineligibleReason}</p>
          ) : null}
          {membership.status !== 'non-member' ? (
            <div className="mt-4 flex flex-wrap items-center gap-4">
              {membership.benefitsUrl ? (
                <a href={membership.benefitsUrl} className="link" data-testid="membership-benefits-link">
                  See your member benefits
                </a>
              ) : null}
              <LeaveButton loses={membership.leavingLoses} />
            </div>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="open-heading" className="mt-8">
        <h2 id="open-heading" className="text-2xl font-bold">
          Open giveaways
        </h2>
        {open.length === 0 ? (
          <p className="mt-4">No giveaway is open right now. The next ones are below.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="open-giveaways">
            {open.map((g) => (
              <GiveawayCard key={g.id} giveaway={g} entry={entryOf.get(g.id)} />
            ))}
          </ul>
        )}
      </section>

      {upcoming.length > 0 ? (
        <section aria-labelledby="upcoming-heading" className="mt-8">
          <h2 id="upcoming-heading" className="text-2xl font-bold">
            Coming up
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="upcoming-giveaways">
            {upcoming.map((g) => (
              <GiveawayCard key={g.id} giveaway={g} />
            ))}
          </ul>
        </section>
      ) : null}

      <CallToActionBar cta={cta} />
    </div>
  );
}
