/**
 * Daily Winners for one customer: the membership with its open entries, joining and leaving (a
 * premium member's renewal cancelled as they leave), unlocking a premium giveaway, the header dot's
 * visit, and the customer's giveaway lists. Each change is one transaction with the customer's
 * membership row locked; the rules are the domain's membership.ts.
 */
import type {
  CustomerGiveaway,
  GiveawayListQuery,
  Membership,
  MembershipUpdateBody,
  MembershipUpdateResult,
  PageInfo,
} from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  callToAction,
  leavingLoses,
  MEMBERSHIP_PROGRAM_ID,
  MEMBERSHIP_PROGRAM_NAME,
  MEMBERSHIP_PROGRAM_URL,
  type MembershipState,
  membershipAfterRequest,
  membershipIneligibility,
  membershipTier,
  showsMembershipDot,
  sydneyMonth,
  unlockDecision,
} from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { giveawayView } from '../giveaways/index.ts';
import { cancelRecurringIn } from '../recurring/index.ts';
import { type GiveawayRow, type MembershipRow, membershipRepository } from './membership.repository.ts';
import { customerGiveawayView, programConfigView } from './membership.view.ts';

/** How many giveaways opening next the membership lists. */
const UPCOMING_LIMIT = 6;

export const giveawayNotFound = () => notFound('giveaway_not_found', 'There is no such giveaway.');

export const stateOf = (row: MembershipRow | undefined): MembershipState => ({
  status: row?.status ?? 'non-member',
  premiumUntil: row?.premiumUntil ?? null,
});

/** The earliest activity that can still unlock a giveaway open now: the start of last month. */
const activityFrom = (now: Date) => sydneyMonth(new Date(sydneyMonth(now).start.getTime() - 1)).start;

/** Open giveaways as the customer sees them, with their unlocks. */
async function openViews(
  tx: DbOrTx,
  customerId: string,
  membership: MembershipState,
  open: readonly GiveawayRow[],
  at: Date,
): Promise<CustomerGiveaway[]> {
  const unlocks = await membershipRepository(tx).unlocksOf(
    customerId,
    open.map((g) => g.id),
  );
  return open.map((g) =>
    customerGiveawayView(g, {
      membership,
      unlock: unlocks.get(g.id),
      entryNumber: null,
      won: undefined,
      now: at,
    }),
  );
}

export function createMembershipService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function view(tx: DbOrTx, customerId: string, at: Date): Promise<Membership> {
    const repo = membershipRepository(tx);
    // One query at a time: `tx` may be a transaction, whose one connection runs them in turn anyway.
    const row = await repo.membership(customerId);
    const customer = await repo.customer(customerId);
    const open = await repo.openGiveaways(at);
    const upcoming = await repo.upcomingGiveaways(at, UPCOMING_LIMIT);
    const offers = await repo.premiumOffers();
    const membership = stateOf(row);
    const views = await openViews(
      tx,
      customerId,
      membership,
      membership.status === 'non-member' ? [] : open,
      at,
    );
    const tier = membershipTier(membership, at);
    const ineligibleReason = customer ? membershipIneligibility(customer.status) : null;
    const held = views.filter((v) => v.entryStatus === 'unlocked' || v.entryStatus === 'guaranteed').length;
    return {
      programConfig: programConfigView(offers),
      programId: MEMBERSHIP_PROGRAM_ID,
      programName: MEMBERSHIP_PROGRAM_NAME,
      programUrl: MEMBERSHIP_PROGRAM_URL,
      status: membership.status,
      tier,
      eligibility: ineligibleReason === null ? 'eligible' : 'ineligible',
      ineligibleReason,
      premiumUntil: membership.premiumUntil?.toISOString() ?? null,
      membershipUpdated: row?.updatedAt.toISOString() ?? null,
      entries: views,
      upcomingDraws: upcoming.map((g) => giveawayView(g, at)),
      showDot: showsMembershipDot({
        signedIn: true,
        status: row?.status ?? null,
        visitedProgramPage: row?.visitedAt != null,
        hasLockedOpenEntry: views.some((v) => v.entryStatus === 'locked'),
      }),
      callToAction: callToAction({ membership, giveawayType: null, closed: false, entry: null, now: at }),
      leavingLoses:
        membership.status === 'non-member'
          ? []
          : leavingLoses({ tier, openEntries: held, premiumUntil: membership.premiumUntil }),
    };
  }

  return {
    async config() {
      return programConfigView(await membershipRepository(db).premiumOffers());
    },

    membership(customerId: string): Promise<Membership> {
      return view(db, customerId, now());
    },

    /**
     * Join (free, or from the deposit page) or leave. Asking for what already holds answers the
     * membership unchanged. Leaving cancels the membership's renewal in the same transaction; the
     * paid time is kept (a return within it is premium again) but not refunded.
     */
    async update(customerId: string, body: MembershipUpdateBody): Promise<MembershipUpdateResult> {
      const at = now();
      const { changed, lost } = await db.transaction(async (tx) => {
        const repo = membershipRepository(tx);
        const customer = await repo.customer(customerId);
        const current = await repo.lockOrCreate(customerId, at);
        const via = body.metadata.join ?? 'free';
        const depositedThisMonth =
          body.membershipStatus === 'member' && via === 'deposit'
            ? await repo.hasCompletedDeposit(customerId, sydneyMonth(at).start)
            : false;
        const next = membershipAfterRequest({
          current: current.status,
          to: body.membershipStatus,
          via,
          depositedThisMonth,
        });
        if (next === null) return { changed: false, lost: [] as string[] };
        if (next !== 'non-member') {
          const reason = customer ? membershipIneligibility(customer.status) : null;
          if (reason !== null) throw new AppError(422, 'membership_ineligible', reason);
          const joins = current.status === 'non-member';
          await repo.update(
            customerId,
            { status: next, ...(joins ? { joinedAt: at, leftAt: null } : {}) },
            at,
          );
          return { changed: true, lost: [] as string[] };
        }
        const before = await view(tx, customerId, at);
        const lostNow = before.leavingLoses;
        // Premium's renewal stops; so does one still retrying after premium ran out (a renewal paid
        // later would make the customer a member again).
        for (const renewal of await repo.liveMembershipRenewals(customerId)) {
          await cancelRecurringIn(tx, customerId, renewal.id, at);
        }
        await repo.update(customerId, { status: 'non-member', leftAt: at }, at);
        return { changed: true, lost: lostNow };
      });
      return { ...(await view(db, customerId, at)), changed, lost };
    },

    /** A free member's unlock of a premium giveaway: pending, or resolved by this month's activity. */
    async unlock(customerId: string, giveawayId: string): Promise<CustomerGiveaway> {
      if (!isUuid(giveawayId)) throw giveawayNotFound();
      const at = now();
      return db.transaction(async (tx) => {
        const repo = membershipRepository(tx);
        const row = await repo.membership(customerId, true);
        const giveaway = await repo.giveaway(giveawayId, true);
        if (!giveaway) throw giveawayNotFound();
        const membership = stateOf(row);
        const existing = (await repo.unlocksOf(customerId, [giveaway.id])).get(giveaway.id);
        const closesAt = giveaway.status === 'open' ? giveaway.closesAt : at;
        const decision = unlockDecision({
          membership,
          giveawayType: giveaway.type,
          closesAt,
          now: at,
          activityAt: await repo.activityAt(customerId, activityFrom(at)),
        });
        // Asked again: the unlock as it stands (a pending one moves on if the activity is there now).
        const already = existing !== undefined && membership.status === 'member' && closesAt > at;
        if ('refusal' in decision && !already) {
          const { code, message } = decision.refusal;
          throw new AppError(code === 'not_member' ? 422 : 409, `unlock_${code}`, message, {
            entry_status: [{ code, message }],
          });
        }
        const state = 'state' in decision ? decision.state : 'pending';
        const unlock = await repo.putUnlock({ giveawayId: giveaway.id, customerId, state, at });
        return customerGiveawayView(giveaway, {
          membership,
          unlock,
          entryNumber: null,
          won: undefined,
          now: at,
        });
      });
    },

    /** The customer opened the programme's page: the header's dot goes for a non-member. */
    async visited(customerId: string): Promise<Membership> {
      const at = now();
      await db.transaction(async (tx) => {
        const repo = membershipRepository(tx);
        await repo.lockOrCreate(customerId, at);
        await repo.update(customerId, { visitedAt: at }, at);
      });
      return view(db, customerId, at);
    },

    /**
     * The customer's giveaways: `current`, the open ones they hold or may unlock an entry in (none
     * for a non-member); `closed`, the closed and drawn ones they were entered in, with their entry
     * number and what they won.
     */
    async giveaways(
      customerId: string,
      query: GiveawayListQuery,
    ): Promise<{ items: CustomerGiveaway[]; pageInfo: PageInfo }> {
      const at = now();
      const repo = membershipRepository(db);
      const membership = stateOf(await repo.membership(customerId));
      const pageInfo = (total: number) => ({ offset: query.offset, limit: query.limit, total });
      if (query.state === 'current') {
        const open = membership.status === 'non-member' ? [] : await repo.openGiveaways(at);
        const page = open.slice(query.offset, query.offset + query.limit);
        const items = await openViews(db, customerId, membership, page, at);
        return { items, pageInfo: pageInfo(open.length) };
      }
      const { rows, total } = await repo.closedEntries(customerId, query.limit, query.offset);
      const ids = rows.map((r) => r.giveaway.id);
      const [unlocks, won] = await Promise.all([
        repo.unlocksOf(customerId, ids),
        repo.wonIn(customerId, ids),
      ]);
      const items = rows.map((r) =>
        customerGiveawayView(r.giveaway, {
          membership,
          unlock: unlocks.get(r.giveaway.id),
          entryNumber: r.entryNumber,
          stored: r.entryStatus,
          won: won.get(r.giveaway.id),
          now: at,
        }),
      );
      return { items, pageInfo: pageInfo(total) };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
