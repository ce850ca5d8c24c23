/**
 * Daily Winners, the membership programme: who is a member, at which tier, which giveaways each
 * member is entered in, how a free member unlocks a premium giveaway, and the sticky call to action.
 *
 * - A customer is a `non-member` until they join. Joining free makes them a `member` at once; joining
 *   from the programme's deposit page makes them `pending-deposit` until a deposit of theirs
 *   completes. Leaving makes them a `non-member` again.
 * - The tier is `premium` while a paid membership period covers now, else `free`. A paid period
 *   (monthly, quarterly, biannually, annually) runs on from the end of the one before it.
 * - Giveaways of the types daily, preview and special are for every member (free giveaways); major
 *   and monthly ones are premium giveaways.
 * - Entry status per giveaway: premium members are `guaranteed` in every giveaway; free members are
 *   `unlocked` in free giveaways and `locked` in premium ones until they unlock it. A free member
 *   asks to unlock (`PUT /v3/draws/{id}`): with a purchase or a completed deposit in the giveaway's
 *   month (Sydney calendar month of its close) before its close the unlock is `resolved` and the entry
 *   `unlocked`; without one it is `pending` and resolves when such a purchase or deposit happens
 *   before the close. An entry still locked when the giveaway closes is not in the draw.
 */
import { formatCalendarDate } from './date-text.ts';
import { SYDNEY_TIME_ZONE, zonedParts, zonedTimeToUtc } from './draw-schedule.ts';
import type { WinNotice } from './win-notice.ts';

export const MEMBERSHIP_PROGRAM_ID = 'daily_winners';
export const MEMBERSHIP_PROGRAM_NAME = 'Daily Winners';
/** The programme's pages live under this path (`/daily-winners`). */
export const MEMBERSHIP_PROGRAM_URL = 'daily-winners';

export const MEMBERSHIP_STATUSES = ['member', 'non-member', 'pending-deposit'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_TIERS = ['free', 'premium'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

export const MEMBERSHIP_ELIGIBILITIES = ['eligible', 'ineligible'] as const;
export type MembershipEligibility = (typeof MEMBERSHIP_ELIGIBILITIES)[number];

export const GIVEAWAY_TYPES = ['daily', 'major', 'monthly', 'preview', 'special'] as const;
export type GiveawayType = (typeof GIVEAWAY_TYPES)[number];

export const ENTRY_STATUSES = ['locked', 'unlocked', 'guaranteed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** A free member's request to unlock a premium giveaway: waiting for a qualifying activity, or done. */
export const UNLOCK_STATES = ['pending', 'resolved'] as const;
export type UnlockState = (typeof UNLOCK_STATES)[number];

/** Giveaway lists page by 9 (limit, offset, total). */
export const GIVEAWAY_PAGE_LIMIT = 9;

/** Paid membership billing periods and the months each buys. */
export const PREMIUM_PERIOD_MONTHS = { monthly: 1, quarterly: 3, biannually: 6, annually: 12 } as const;
export type PremiumPeriod = keyof typeof PREMIUM_PERIOD_MONTHS;

export function isGiveawayType(value: string): value is GiveawayType {
  return (GIVEAWAY_TYPES as readonly string[]).includes(value);
}

export function isPremiumPeriod(value: string): value is PremiumPeriod {
  return Object.hasOwn(PREMIUM_PERIOD_MONTHS, value);
}

/** Which members a giveaway type is for: every member (free) or premium members. */
export function giveawayTier(type: GiveawayType): MembershipTier {
  return type === 'major' || type === 'monthly' ? 'premium' : 'free';
}

export type MembershipState = {
  status: MembershipStatus;
  /** The end of the paid period covering now, if any (null: never premium, or lapsed). */
  premiumUntil: Date | null;
};

/** The tier now: premium while a paid period covers `now`. */
export function membershipTier(m: MembershipState, now: Date): MembershipTier {
  return m.status === 'member' && m.premiumUntil !== null && m.premiumUntil > now ? 'premium' : 'free';
}

/**
 * When a newly paid period ends: `months` after the end of the current one if it still runs,
 * else after `paidAt`. Month arithmetic keeps the day of month where it can (31 Jan + 1 month is
 * the last day of February, same time of day).
 */
export function premiumPeriodEnd(premiumUntil: Date | null, paidAt: Date, period: PremiumPeriod): Date {
  const from = premiumUntil !== null && premiumUntil > paidAt ? premiumUntil : paidAt;
  return addMonths(from, PREMIUM_PERIOD_MONTHS[period]);
}

function addMonths(from: Date, months: number): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/**
 * A member's entry status in a giveaway, or null when the customer holds no entry (non-members).
 * `unlock` is the member's unlock request for this giveaway, if any. A customer whose membership
 * waits for a deposit sees every entry locked until it completes.
 */
export function entryStatus(args: {
  membership: MembershipState;
  giveawayType: GiveawayType;
  unlock: UnlockState | null;
  now: Date;
}): EntryStatus | null {
  const { membership, giveawayType, unlock, now } = args;
  if (membership.status === 'non-member') return null;
  if (membership.status === 'pending-deposit') return 'locked';
  if (membershipTier(membership, now) === 'premium') return 'guaranteed';
  if (giveawayTier(giveawayType) === 'free') return 'unlocked';
  return unlock === 'resolved' ? 'unlocked' : 'locked';
}

/** Whether an entry with this status is in the draw when the giveaway closes. */
export function entersDraw(status: EntryStatus | null): boolean {
  return status === 'unlocked' || status === 'guaranteed';
}

/** The start (inclusive) and end (exclusive) of the Sydney calendar month an instant falls in. */
export function sydneyMonth(at: Date): { start: Date; end: Date } {
  const p = zonedParts(at, SYDNEY_TIME_ZONE);
  const start = zonedTimeToUtc(p.year, p.month, 1, 0, 0);
  const next = p.month === 12 ? { y: p.year + 1, m: 1 } : { y: p.year, m: p.month + 1 };
  return { start, end: zonedTimeToUtc(next.y, next.m, 1, 0, 0) };
}

/**
 * Whether an activity (a completed purchase or deposit at `at`) unlocks a giveaway closing at
 * `closesAt`: it happened in the giveaway's Sydney month and before the close.
 */
export function activityUnlocks(at: Date, closesAt: Date): boolean {
  const { start } = sydneyMonth(closesAt);
  return at >= start && at < closesAt;
}

export type UnlockRefusal =
  | { code: 'not_member'; message: string }
  | { code: 'not_needed'; message: string }
  | { code: 'closed'; message: string };

/**
 * What an unlock request does: refused (with why), or the unlock state it records (`resolved` when
 * a qualifying activity is already there, else `pending`).
 */
export function unlockDecision(args: {
  membership: MembershipState;
  giveawayType: GiveawayType;
  closesAt: Date;
  now: Date;
  /** Completed purchases and deposits of the customer (any order). */
  activityAt: readonly Date[];
}): { refusal: UnlockRefusal } | { state: UnlockState } {
  const { membership, giveawayType, closesAt, now } = args;
  if (closesAt <= now) return { refusal: { code: 'closed', message: 'This giveaway has closed.' } };
  if (membership.status !== 'member') {
    return {
      refusal: { code: 'not_member', message: 'Join Daily Winners to unlock giveaways.' },
    };
  }
  const current = entryStatus({ membership, giveawayType, unlock: null, now });
  if (current !== 'locked') {
    return { refusal: { code: 'not_needed', message: 'Your entry in this giveaway is already open.' } };
  }
  const qualifies = args.activityAt.some((at) => at <= now && activityUnlocks(at, closesAt));
  return { state: qualifies ? 'resolved' : 'pending' };
}

/** The sticky call to action's variants, in the order the table below decides them. */
export const CALL_TO_ACTION_KINDS = [
  'premium',
  'join-all',
  'join-premium',
  'locked',
  'closed-member',
  'closed-non-member',
] as const;
export type CallToActionKind = (typeof CALL_TO_ACTION_KINDS)[number];

export type CallToAction = {
  kind: CallToActionKind;
  text: string;
  action: 'none' | 'join' | 'upgrade' | 'unlock' | 'winners';
};

/**
 * The sticky call to action on a giveaway (or on the programme page, `giveawayType` null: the
 * programme as a whole, which reads as a free giveaway):
 * - an ended giveaway shows a closed variant (for members and for everyone else);
 * - premium members get the premium text;
 * - non-members (and members waiting for a deposit) see join-all for free giveaways and
 *   join-premium for premium ones;
 * - free members see join-premium, or the locked message on a locked monthly or major giveaway.
 */
export function callToAction(args: {
  membership: MembershipState;
  giveawayType: GiveawayType | null;
  closed: boolean;
  entry: EntryStatus | null;
  now: Date;
}): CallToAction {
  const { membership, giveawayType, closed, entry, now } = args;
  const member = membership.status === 'member';
  if (closed) {
    return member
      ? { kind: 'closed-member', text: 'This giveaway has closed. See who won.', action: 'winners' }
      : {
          kind: 'closed-non-member',
          text: 'This giveaway has closed. Join Daily Winners free to be in the next one.',
          action: 'join',
        };
  }
  const tier = membershipTier(membership, now);
  if (member && tier === 'premium') {
    return { kind: 'premium', text: "You're a premium member: you're in every giveaway.", action: 'none' };
  }
  const premiumGiveaway = giveawayType !== null && giveawayTier(giveawayType) === 'premium';
  if (!member) {
    return premiumGiveaway
      ? {
          kind: 'join-premium',
          text: 'Go premium to be in this giveaway and every other.',
          action: 'upgrade',
        }
      : { kind: 'join-all', text: 'Join Daily Winners free and be in every daily giveaway.', action: 'join' };
  }
  if (premiumGiveaway && entry === 'locked') {
    return {
      kind: 'locked',
      text: 'Your entry is locked. Buy a ticket or deposit this month to unlock it, or go premium.',
      action: 'unlock',
    };
  }
  return {
    kind: 'join-premium',
    text: "You're in the free giveaways. Go premium for the major and monthly ones too.",
    action: 'upgrade',
  };
}

/**
 * The header's daily-winners dot: shown to visitors who are signed out, to non-members who have
 * not visited the programme's page, and to members with a locked entry in an open giveaway.
 */
export function showsMembershipDot(args: {
  signedIn: boolean;
  status: MembershipStatus | null;
  visitedProgramPage: boolean;
  hasLockedOpenEntry: boolean;
}): boolean {
  if (!args.signedIn) return true;
  if (args.status === 'non-member' || args.status === null) return !args.visitedProgramPage;
  return args.hasLockedOpenEntry;
}

/** What leaving costs, as the leave dialog says it. */
export function leavingLoses(args: {
  tier: MembershipTier;
  openEntries: number;
  premiumUntil: Date | null;
}): string[] {
  const lost = [
    args.openEntries === 1
      ? 'Your entry in 1 open giveaway.'
      : `Your entries in ${args.openEntries} open giveaways.`,
    'Entries in the daily giveaways from tomorrow on.',
  ];
  if (args.tier === 'premium') {
    lost.push(
      `Premium${args.premiumUntil ? ` (paid until ${formatCalendarDate(args.premiumUntil)})` : ''}: its renewal is cancelled and the paid time left is not refunded.`,
    );
  }
  return lost;
}

/** How a customer asks to join: free from the programme's page, or from its deposit page. */
export type JoinVia = 'free' | 'deposit';

/**
 * The status a join or leave request moves a membership to, or null when it changes nothing
 * (joining as a member, leaving as a non-member: the same answer again, never an error).
 * - Leaving makes a member or a customer waiting for a deposit a non-member.
 * - Joining free makes anyone not yet a member a member at once (a customer waiting for a deposit
 *   too: free joining needs nothing).
 * - Joining from the deposit page waits for a deposit (`pending-deposit`), unless the customer
 *   already has a completed deposit in the Sydney month of the request: then they are a member at
 *   once, as the month's deposit is what the page asks for (the unlock rule's month, too).
 */
export function membershipAfterRequest(args: {
  current: MembershipStatus | null;
  to: 'member' | 'non-member';
  via: JoinVia;
  depositedThisMonth: boolean;
}): MembershipStatus | null {
  const current = args.current ?? 'non-member';
  if (args.to === 'non-member') return current === 'non-member' ? null : 'non-member';
  if (current === 'member') return null;
  if (args.via === 'free') return 'member';
  if (current === 'pending-deposit') return null;
  return args.depositedThisMonth ? 'member' : 'pending-deposit';
}

/** Why a customer may not join, or null when they may: closed and locked accounts may not. */
export function membershipIneligibility(accountStatus: string): string | null {
  if (accountStatus === 'closed') return 'Your account is closed, so you cannot join Daily Winners.';
  if (accountStatus === 'locked') return 'Your account is locked, so you cannot join Daily Winners.';
  return null;
}

/** Giveaway types as the shop names them. */
export const GIVEAWAY_TYPE_NAMES: Record<GiveawayType, string> = {
  daily: 'Daily giveaway',
  major: 'Major giveaway',
  monthly: 'Monthly giveaway',
  preview: 'Preview giveaway',
  special: 'Special giveaway',
};

/** What membership gives, by tier. */
export const MEMBERSHIP_BENEFITS: readonly { title: string; description: string; tier: MembershipTier }[] = [
  {
    title: 'Daily giveaways',
    description: 'Every member is in every daily, preview and special giveaway, free.',
    tier: 'free',
  },
  {
    title: 'Unlock a major or monthly giveaway',
    description: 'Buy a ticket or deposit in the giveaway’s month and your entry in it unlocks.',
    tier: 'free',
  },
  {
    title: 'Every giveaway, guaranteed',
    description: 'Premium members are in every giveaway, major and monthly ones included.',
    tier: 'premium',
  },
];

/** Whether a customer's winning may show their first name and suburb, or only "A member". */
export function publicWinnerName(args: {
  publicity: 'none' | 'first_name_suburb';
  firstName: string;
  suburb: string | null;
  state: string | null;
}): { firstName: string; suburb: string | null; state: string | null } {
  if (args.publicity === 'first_name_suburb') {
    return { firstName: args.firstName, suburb: args.suburb, state: args.state };
  }
  return { firstName: 'A member', suburb: null, state: null };
}

export const MEMBERSHIP_NOTICE_ICON = 'star';

/** The notice of a paid premium period: premium until its end. */
export function premiumNotice(until: Date): WinNotice {
  const date = formatCalendarDate(until) ?? '';
  return {
    title: `You're premium until ${date}`,
    icon: MEMBERSHIP_NOTICE_ICON,
    message: `Your Daily Winners premium membership is paid until ${date}: you're in every giveaway, major and monthly ones included.`,
    isAutoDismissed: false,
    actions: [
      { id: 'daily-winners', text: 'See my giveaways', link: `/${MEMBERSHIP_PROGRAM_URL}`, deepLink: null },
    ],
  };
}

/**
 * The notice of a renewal that could not be paid. The renewal is tried when a billing period
 * begins; premium runs to the end of what was paid (`premiumUntil`) and the customer is a free
 * member from then on (at once when that is past).
 */
export function renewalFailedNotice(premiumUntil: Date | null, now: Date): WinNotice {
  const lapsed = premiumUntil === null || premiumUntil <= now;
  const when = lapsed
    ? "you're a free member now"
    : `you're premium until ${formatCalendarDate(premiumUntil) ?? ''} and a free member after that`;
  return {
    title: 'Your premium membership could not be renewed',
    icon: MEMBERSHIP_NOTICE_ICON,
    message: `Your premium membership could not be renewed: ${when}; your free entries continue.`,
    isAutoDismissed: false,
    actions: [
      {
        id: 'membership-tiers',
        text: 'Go premium again',
        link: `/${MEMBERSHIP_PROGRAM_URL}/membership-tiers`,
        deepLink: null,
      },
    ],
  };
}
