import { describe, expect, it } from 'vitest';
import {
  activityUnlocks,
  callToAction,
  entersDraw,
  entryStatus,
  giveawayTier,
  type MembershipState,
  membershipAfterRequest,
  membershipIneligibility,
  membershipTier,
  premiumNotice,
  premiumPeriodEnd,
  publicWinnerName,
  renewalFailedNotice,
  showsMembershipDot,
  sydneyMonth,
  unlockDecision,
} from './membership.ts';

const now = new Date('2026-11-15T01:00:00Z');
const free: MembershipState = { status: 'member', premiumUntil: null };
const premium: MembershipState = { status: 'member', premiumUntil: new Date('2026-12-15T01:00:00Z') };
const lapsed: MembershipState = { status: 'member', premiumUntil: new Date('2026-11-14T01:00:00Z') };
const nonMember: MembershipState = { status: 'non-member', premiumUntil: null };
const pending: MembershipState = { status: 'pending-deposit', premiumUntil: null };

describe('tiers', () => {
  it('is premium only while a paid period covers now, and only for members', () => {
    expect(membershipTier(premium, now)).toBe('premium');
    expect(membershipTier(lapsed, now)).toBe('free');
    expect(membershipTier(free, now)).toBe('free');
    expect(membershipTier({ status: 'non-member', premiumUntil: premium.premiumUntil }, now)).toBe('free');
  });

  it('runs a new period on from the end of the current one, or from the payment', () => {
    expect(premiumPeriodEnd(null, now, 'monthly').toISOString()).toBe('2026-12-15T01:00:00.000Z');
    expect(premiumPeriodEnd(premium.premiumUntil, now, 'quarterly').toISOString()).toBe(
      '2027-03-15T01:00:00.000Z',
    );
    expect(premiumPeriodEnd(lapsed.premiumUntil, now, 'annually').toISOString()).toBe(
      '2027-11-15T01:00:00.000Z',
    );
    // 31 January plus a month is the last day of February.
    expect(premiumPeriodEnd(null, new Date('2027-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(premiumPeriodEnd(null, new Date('2027-08-31T10:00:00Z'), 'biannually').toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
  });

  it('makes major and monthly giveaways premium, the rest free', () => {
    expect(giveawayTier('daily')).toBe('free');
    expect(giveawayTier('preview')).toBe('free');
    expect(giveawayTier('special')).toBe('free');
    expect(giveawayTier('major')).toBe('premium');
    expect(giveawayTier('monthly')).toBe('premium');
  });
});

describe('entry status', () => {
  const status = (
    membership: MembershipState,
    giveawayType: 'daily' | 'monthly',
    unlock: 'pending' | 'resolved' | null = null,
  ) => entryStatus({ membership, giveawayType, unlock, now });

  it('guarantees premium members every giveaway', () => {
    expect(status(premium, 'daily')).toBe('guaranteed');
    expect(status(premium, 'monthly')).toBe('guaranteed');
  });

  it('opens free giveaways to free members and locks premium ones until a resolved unlock', () => {
    expect(status(free, 'daily')).toBe('unlocked');
    expect(status(free, 'monthly')).toBe('locked');
    expect(status(free, 'monthly', 'pending')).toBe('locked');
    expect(status(free, 'monthly', 'resolved')).toBe('unlocked');
    expect(status(lapsed, 'monthly')).toBe('locked');
  });

  it('gives non-members no entry and a membership waiting for its deposit locked ones', () => {
    expect(status(nonMember, 'daily')).toBeNull();
    expect(status(pending, 'daily')).toBe('locked');
  });

  it('draws unlocked and guaranteed entries only', () => {
    expect(entersDraw('guaranteed')).toBe(true);
    expect(entersDraw('unlocked')).toBe(true);
    expect(entersDraw('locked')).toBe(false);
    expect(entersDraw(null)).toBe(false);
  });
});

describe('unlocking', () => {
  const closesAt = new Date('2026-11-30T08:00:00Z'); // 30 November, 7 pm in Sydney

  it('reads the month in Sydney: 1 December 10 am Sydney is 30 November 11 pm UTC', () => {
    const { start, end } = sydneyMonth(new Date('2026-11-30T23:00:00Z'));
    expect(start.toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-31T13:00:00.000Z');
  });

  it('counts an activity in the giveaway month before its close', () => {
    expect(activityUnlocks(new Date('2026-11-01T00:00:00Z'), closesAt)).toBe(true);
    expect(activityUnlocks(new Date('2026-10-31T12:59:59Z'), closesAt)).toBe(false);
    expect(activityUnlocks(new Date('2026-10-31T13:00:00Z'), closesAt)).toBe(true);
    expect(activityUnlocks(closesAt, closesAt)).toBe(false);
  });

  it('resolves at once with an activity this month, else waits as pending', () => {
    const base = { membership: free, giveawayType: 'monthly' as const, closesAt, now };
    expect(unlockDecision({ ...base, activityAt: [new Date('2026-11-02T00:00:00Z')] })).toEqual({
      state: 'resolved',
    });
    expect(unlockDecision({ ...base, activityAt: [new Date('2026-10-20T00:00:00Z')] })).toEqual({
      state: 'pending',
    });
    expect(unlockDecision({ ...base, activityAt: [] })).toEqual({ state: 'pending' });
    // An activity stamped after now (clock skew) does not count.
    expect(unlockDecision({ ...base, activityAt: [new Date('2026-11-20T00:00:00Z')] })).toEqual({
      state: 'pending',
    });
  });

  it('refuses closed giveaways, non-members and entries that are open already', () => {
    const base = { giveawayType: 'monthly' as const, closesAt, now, activityAt: [] };
    expect(unlockDecision({ ...base, membership: free, closesAt: now })).toMatchObject({
      refusal: { code: 'closed' },
    });
    expect(unlockDecision({ ...base, membership: nonMember })).toMatchObject({
      refusal: { code: 'not_member' },
    });
    expect(unlockDecision({ ...base, membership: pending })).toMatchObject({
      refusal: { code: 'not_member' },
    });
    expect(unlockDecision({ ...base, membership: premium })).toMatchObject({
      refusal: { code: 'not_needed' },
    });
    expect(unlockDecision({ ...base, membership: free, giveawayType: 'daily' })).toMatchObject({
      refusal: { code: 'not_needed' },
    });
  });
});

describe('the sticky call to action', () => {
  const cta = (
    membership: MembershipState,
    giveawayType: 'daily' | 'major' | 'monthly' | null,
    closed = false,
  ) =>
    callToAction({
      membership,
      giveawayType,
      closed,
      entry: giveawayType ? entryStatus({ membership, giveawayType, unlock: null, now }) : null,
      now,
    }).kind;

  it('follows the table', () => {
    expect(cta(premium, 'daily')).toBe('premium');
    expect(cta(premium, 'major')).toBe('premium');
    expect(cta(nonMember, 'daily')).toBe('join-all');
    expect(cta(nonMember, null)).toBe('join-all');
    expect(cta(nonMember, 'monthly')).toBe('join-premium');
    expect(cta(pending, 'major')).toBe('join-premium');
    expect(cta(free, 'daily')).toBe('join-premium');
    expect(cta(free, 'monthly')).toBe('locked');
    expect(cta(free, 'major')).toBe('locked');
    expect(cta(lapsed, 'major')).toBe('locked');
  });

  it('shows the closed variants once a giveaway has ended', () => {
    expect(cta(premium, 'daily', true)).toBe('closed-member');
    expect(cta(free, 'monthly', true)).toBe('closed-member');
    expect(cta(nonMember, 'daily', true)).toBe('closed-non-member');
  });

  it('asks a free member with an unlocked premium entry to go premium, not to unlock', () => {
    expect(
      callToAction({ membership: free, giveawayType: 'monthly', closed: false, entry: 'unlocked', now }).kind,
    ).toBe('join-premium');
  });
});

describe('the header dot', () => {
  it('shows in the three cases and nowhere else', () => {
    const dot = (a: Partial<Parameters<typeof showsMembershipDot>[0]>) =>
      showsMembershipDot({
        signedIn: true,
        status: 'member',
        visitedProgramPage: false,
        hasLockedOpenEntry: false,
        ...a,
      });
    expect(dot({ signedIn: false, status: null })).toBe(true);
    expect(dot({ status: 'non-member' })).toBe(true);
    expect(dot({ status: null })).toBe(true);
    expect(dot({ status: 'non-member', visitedProgramPage: true })).toBe(false);
    expect(dot({ hasLockedOpenEntry: true })).toBe(true);
    expect(dot({})).toBe(false);
  });
});

describe('joining and leaving', () => {
  const ask = (
    current: 'member' | 'non-member' | 'pending-deposit' | null,
    to: 'member' | 'non-member',
    via: 'free' | 'deposit' = 'free',
    depositedThisMonth = false,
  ) => membershipAfterRequest({ current, to, via, depositedThisMonth });

  it('joins free at once, from no row, after leaving, or while waiting for a deposit', () => {
    expect(ask(null, 'member')).toBe('member');
    expect(ask('non-member', 'member')).toBe('member');
    expect(ask('pending-deposit', 'member')).toBe('member');
  });

  it('waits for a deposit when joining from the deposit page, unless one completed this month', () => {
    expect(ask(null, 'member', 'deposit')).toBe('pending-deposit');
    expect(ask('non-member', 'member', 'deposit', true)).toBe('member');
  });

  it('changes nothing when asked for what already holds', () => {
    expect(ask('member', 'member')).toBeNull();
    expect(ask('member', 'member', 'deposit')).toBeNull();
    expect(ask('pending-deposit', 'member', 'deposit')).toBeNull();
    expect(ask(null, 'non-member')).toBeNull();
    expect(ask('non-member', 'non-member')).toBeNull();
  });

  it('leaves from member or from waiting for a deposit', () => {
    expect(ask('member', 'non-member')).toBe('non-member');
    expect(ask('pending-deposit', 'non-member')).toBe('non-member');
  });

  it('refuses closed and locked accounts, saying why', () => {
    expect(membershipIneligibility('active')).toBeNull();
    expect(membershipIneligibility('closed')).toMatch(/closed/);
    expect(membershipIneligibility('locked')).toMatch(/locked/);
  });
});

describe('winners and notices', () => {
  it('shows a winner by first name and suburb only when they agreed to it', () => {
    const base = { firstName: 'Ava', suburb: 'Newtown', state: 'NSW' };
    expect(publicWinnerName({ ...base, publicity: 'first_name_suburb' })).toEqual(base);
    expect(publicWinnerName({ ...base, publicity: 'none' })).toEqual({
      firstName: 'A member',
      suburb: null,
      state: null,
    });
  });

  it('tells premium until a date, and a failed renewal as free now or after the paid time', () => {
    const now = new Date('2027-02-01T00:00:00Z');
    expect(premiumNotice(new Date('2027-03-01T00:00:00Z')).title).toMatch(/premium until/);
    expect(renewalFailedNotice(new Date('2027-01-31T00:00:00Z'), now).message).toContain(
      "you're a free member now; your free entries continue",
    );
    expect(renewalFailedNotice(new Date('2027-02-20T00:00:00Z'), now).message).toMatch(
      /premium until .* and a free member after that/,
    );
  });
});
