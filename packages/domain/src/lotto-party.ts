/**
 * Lotto party rules: group names, the state tables of sessions, group publicity and autosession, the
 * share price and count a session is sold at, and what a session's pot buys when its draw closes.
 * The prize of the entry is split by shares with `splitByShares` (prize-amounts.ts).
 */
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 40;

/** The steps of the creation modal, in order (a session for an existing group starts at select_draw). */
export const CREATION_STEPS = [
  'name_group',
  'select_draw',
  'set_share_price',
  'select_auto_session',
  'join_session',
] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];

/** The step after `step` (null after the last). */
export function nextCreationStep(step: CreationStep): CreationStep | null {
  return CREATION_STEPS[CREATION_STEPS.indexOf(step) + 1] ?? null;
}

const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/**
 * Characters a group name never keeps: control characters, the bidirectional overrides, embeddings,
 * isolates and marks (a right-to-left override makes "Crew\u202Egnp.exe" read as "Crewexe.png"),
 * and invisible spaces. Joiners stay (emoji sequences and some scripts need them).
 */
const UNSAFE_NAME_CHARACTERS =
  /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/**
 * A group name as shown: markup (tags such as <b> or </script>, and any < or > left) and unsafe
 * characters taken out, trimmed, runs of white space made one space.
 */
export function cleanGroupName(name: string): string {
  return name
    .replace(UNSAFE_NAME_CHARACTERS, ' ')
    .replace(/<\/?[a-z!][^<>]*>/giu, ' ')
    .replace(/[<>]/gu, '')
    .trim()
    .replace(/\s+/gu, ' ');
}

/** The key two names share when they are the same group name (case and spacing aside). */
export function groupNameKey(name: string): string {
  return cleanGroupName(name).toLocaleLowerCase('en-AU');
}

export type GroupNameRefusal = {
  code: 'required' | 'too_short' | 'too_long' | 'contains_profanity';
  message: string;
};

/** Why a group name is refused (null: it is fine). Duplicates are the database's to find. */
export function groupNameRefusal(name: string): GroupNameRefusal | null {
  const clean = cleanGroupName(name);
  if (clean.length === 0) return { code: 'required', message: 'Give your group a name.' };
  if (clean.length < GROUP_NAME_MIN)
    return { code: 'too_short', message: `A group name needs at least ${GROUP_NAME_MIN} characters.` };
  if (clean.length > GROUP_NAME_MAX)
    return { code: 'too_long', message: `A group name can be at most ${GROUP_NAME_MAX} characters.` };
  if (profanity.hasMatch(clean))
    return { code: 'contains_profanity', message: 'Please choose a group name without offensive words.' };
  return null;
}

export const SESSION_STATUSES = ['open', 'closed', 'paid', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * Sessions: open while members buy shares; closed when the draw closes and the pot bought the entry;
 * paid once the entry's result is in and any prize split; cancelled when the pot could not buy one
 * game (every share refunded). Paid and cancelled are final.
 */
const SESSION_MOVES: Record<SessionStatus, readonly SessionStatus[]> = {
  open: ['closed', 'cancelled'],
  closed: ['paid'],
  paid: [],
  cancelled: [],
};

export function canMoveSession(from: SessionStatus, to: SessionStatus): boolean {
  return SESSION_MOVES[from].includes(to);
}

export const GROUP_PUBLICITY_STATUSES = ['private', 'promoted', 'public'] as const;
export type GroupPublicity = (typeof GROUP_PUBLICITY_STATUSES)[number];

/**
 * Publicity: a group starts private (members and invite links only); promoted lists its open sessions
 * in the discovery list; public lets anyone who finds a session join it. Either can go back to private.
 */
const PUBLICITY_MOVES: Record<GroupPublicity, readonly GroupPublicity[]> = {
  private: ['promoted'],
  promoted: ['public', 'private'],
  public: ['promoted', 'private'],
};

export function canMovePublicity(from: GroupPublicity, to: GroupPublicity): boolean {
  return PUBLICITY_MOVES[from].includes(to);
}

export const AUTOSESSION_STATUSES = ['on', 'paused', 'off'] as const;
export type AutosessionStatus = (typeof AUTOSESSION_STATUSES)[number];

/** Autosession: on opens the next session when one closes; paused opens none until it is on again; off opens none. */
const AUTOSESSION_MOVES: Record<AutosessionStatus, readonly AutosessionStatus[]> = {
  on: ['paused', 'off'],
  paused: ['on', 'off'],
  off: ['on'],
};

export function canMoveAutosession(from: AutosessionStatus, to: AutosessionStatus): boolean {
  return from === to || AUTOSESSION_MOVES[from].includes(to);
}

/** Whether closing a session with this autosession opens the next one. */
export const autosessionOpensNext = (status: AutosessionStatus) => status === 'on';

export const MIN_SHARE_PRICE_CENTS = 100;
export const MAX_SHARE_PRICE_CENTS = 100_000;
export const MIN_TOTAL_SHARES = 2;
export const MAX_TOTAL_SHARES = 500;

/**
 * A share price typed in dollars: positive, whole cents (at most two decimals), from $1 to $1,000.
 * Answers the cents, or why not.
 */
export function sharePriceCents(amount: number): { cents: number } | { error: string } {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return { error: 'Enter a share price.' };
  const cents = Math.round(amount * 100);
  if (cents / 100 !== amount)
    return { error: 'A share price is in dollars and cents (at most two decimals).' };
  if (cents <= 0) return { error: 'A share price must be more than $0.' };
  if (cents < MIN_SHARE_PRICE_CENTS || cents > MAX_SHARE_PRICE_CENTS)
    return { error: 'A share price must be from $1 to $1,000.' };
  return { cents };
}

/** Why a session's number of shares is refused (null: fine). */
export function totalSharesRefusal(total: number): string | null {
  if (!Number.isSafeInteger(total) || total < MIN_TOTAL_SHARES || total > MAX_TOTAL_SHARES)
    return `A session has from ${MIN_TOTAL_SHARES} to ${MAX_TOTAL_SHARES} shares.`;
  return null;
}

export const sharesLeft = (session: { totalShares: number; sharesSold: number }) =>
  Math.max(0, session.totalShares - session.sharesSold);

/** What `shares` shares cost. */
export const sharesCost = (shares: number, sharePriceCents: number) => shares * sharePriceCents;

/**
 * What a session's pot buys at the close: as many games as it pays for (at most `maxGames`), and
 * the rest, which is refunded by shares. No game affordable: the session is cancelled, all refunded.
 */
export function entryFromPot(args: { potCents: number; gamePriceCents: number; maxGames: number }): {
  games: number;
  spentCents: number;
  leftoverCents: number;
} {
  const { potCents, gamePriceCents, maxGames } = args;
  if (!Number.isSafeInteger(potCents) || potCents < 0) throw new RangeError(`a pot of ${potCents}`);
  if (!Number.isSafeInteger(gamePriceCents) || gamePriceCents <= 0)
    throw new RangeError(`a game price of ${gamePriceCents}`);
  const games = Math.min(Math.floor(potCents / gamePriceCents), Math.max(0, maxGames));
  const spentCents = games * gamePriceCents;
  return { games, spentCents, leftoverCents: potCents - spentCents };
}
