/**
 * Draw choices of a ticket in progress and the add-to-cart rule (spec shopping side sections 3, 5
 * and 9): the number of draws (1 to the offer's maximum, or autoplay: one draw with recurring purchase
 * enabled), the day for lotteries with selectable days, the cause for offers with causes.
 *
 * Rules chosen where the spec is silent:
 * - A lottery has selectable days when it is drawn on its own (no linked lotteries) on 2 to 6 weekdays:
 *   Monday & Wednesday Lotto. Set for Life is drawn daily, so its draws simply follow one another, and
 *   Lotto Strike rides other lotteries' draws. A day is a lower-case English weekday name.
 * - Autoplay is refused when the offer's recurring purchase availability is `never`; with `always`
 *   every choice has recurring purchase enabled.
 */
import { GAMES, type LotteryKey } from './games.ts';

export const WEEKDAY_NAMES = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export const AUTOPLAY = 'autoplay';
export type NumDrawsChoice = number | typeof AUTOPLAY;
export type RecurringAvailability = 'always' | 'optional' | 'never';

/** The choices of the number-of-draws control: 1..maxDraws, then autoplay when it is available. */
export function drawCountChoices(
  maxDraws: number,
  recurring: RecurringAvailability = 'optional',
): NumDrawsChoice[] {
  if (!Number.isSafeInteger(maxDraws) || maxDraws < 1)
    throw new RangeError(`maxDraws must be at least 1, got ${maxDraws}`);
  const choices: NumDrawsChoice[] = Array.from({ length: maxDraws }, (_, i) => i + 1);
  if (recurring !== 'never') choices.push(AUTOPLAY);
  return choices;
}

export type ResolvedDraws =
  | { ok: true; numDraws: number; recurringPurchase: { type: 'autoplay'; enabled: boolean } }
  | { ok: false; message: string };

export const DRAW_CHOICE_MESSAGES = {
  numDraws: (max: number) => `Choose from 1 to ${max} draws.`,
  autoplayUnavailable: 'Autoplay is not available for this game.',
  day: 'Choose a draw day.',
  cause: 'Choose a cause to support.',
  games: (min: number) => `Complete at least ${min} ${min === 1 ? 'game' : 'games'}.`,
  cart: 'Sign in or start a cart to add tickets.',
} as const;

/** Spec section 9: autoplay becomes 1 draw with recurring purchase enabled. */
export function resolveNumDraws(
  choice: unknown,
  maxDraws: number,
  recurring: RecurringAvailability = 'optional',
): ResolvedDraws {
  if (choice === AUTOPLAY) {
    if (recurring === 'never') return { ok: false, message: DRAW_CHOICE_MESSAGES.autoplayUnavailable };
    return { ok: true, numDraws: 1, recurringPurchase: { type: 'autoplay', enabled: true } };
  }
  if (typeof choice !== 'number' || !Number.isSafeInteger(choice) || choice < 1 || choice > maxDraws) {
    return { ok: false, message: DRAW_CHOICE_MESSAGES.numDraws(maxDraws) };
  }
  return {
    ok: true,
    numDraws: choice,
    recurringPurchase: { type: 'autoplay', enabled: recurring === 'always' },
  };
}

/** The weekdays a player chooses between (empty when the lottery has no day choice). */
export function selectableDays(lotteryKey: LotteryKey): WeekdayName[] {
  const game = GAMES[lotteryKey];
  return selectableWeekdays(
    game.schedule.flatMap((s) => s.weekdays),
    (game.linkedLotteries?.length ?? 0) > 0,
  );
}

/**
 * The same rule from a draw timetable's weekdays (0 = Sunday; 7 is read as Sunday too), for callers
 * that hold catalogue rows rather than a known lottery key.
 */
export function selectableWeekdays(weekdays: readonly number[], linked: boolean): WeekdayName[] {
  if (linked) return [];
  const days = [...new Set(weekdays.map((d) => ((d % 7) + 7) % 7))].sort((a, b) => a - b);
  if (days.length < 2 || days.length > 6) return [];
  return days.map((d) => WEEKDAY_NAMES[d]!);
}

export function isDayRequired(lotteryKey: LotteryKey): boolean {
  return selectableDays(lotteryKey).length > 0;
}

export function isCauseRequired(causes: readonly unknown[] | undefined): boolean {
  return (causes?.length ?? 0) > 0;
}

export type AddToCartState = {
  completeGames: number;
  minGames: number;
  dayRequired: boolean;
  day?: string | null | undefined;
  causeRequired: boolean;
  causeKey?: string | null | undefined;
  signedIn: boolean;
  anonymousCartRef?: string | null | undefined;
};

export type AddToCartBlocker = { field: 'games' | 'day' | 'cause_key' | 'cart'; message: string };

/** Why the add-to-cart button is disabled; empty when it can be pressed. */
export function addToCartBlockers(state: AddToCartState): AddToCartBlocker[] {
  const blockers: AddToCartBlocker[] = [];
  if (state.completeGames < Math.max(1, state.minGames)) {
    blockers.push({ field: 'games', message: DRAW_CHOICE_MESSAGES.games(Math.max(1, state.minGames)) });
  }
  if (state.dayRequired && !state.day) blockers.push({ field: 'day', message: DRAW_CHOICE_MESSAGES.day });
  if (state.causeRequired && !state.causeKey)
    blockers.push({ field: 'cause_key', message: DRAW_CHOICE_MESSAGES.cause });
  if (!state.signedIn && !state.anonymousCartRef)
    blockers.push({ field: 'cart', message: DRAW_CHOICE_MESSAGES.cart });
  return blockers;
}

/**
 * Spec section 5: enough complete games (at least minGames), a day when the lottery has selectable
 * days, a cause when the offer has causes, and a signed-in customer or an anonymous cart reference.
 */
export function canAddToCart(state: AddToCartState): boolean {
  return addToCartBlockers(state).length === 0;
}

export type DrawChoiceFailure = { path: 'num_draws' | 'day' | 'cause_key'; message: string };

/** The server's check of an item's draw fields against the lottery and offer. */
export function validateDrawChoice(
  item: { num_draws: unknown; day?: unknown; cause_key?: unknown },
  offer: {
    lotteryKey: LotteryKey;
    maxDraws: number;
    recurring?: RecurringAvailability;
    causeKeys?: readonly string[];
  },
): DrawChoiceFailure[] {
  const failures: DrawChoiceFailure[] = [];
  const draws = resolveNumDraws(item.num_draws, offer.maxDraws, offer.recurring);
  if (!draws.ok) failures.push({ path: 'num_draws', message: draws.message });
  const days = selectableDays(offer.lotteryKey);
  if (days.length > 0) {
    if (typeof item.day !== 'string' || !(days as string[]).includes(item.day)) {
      failures.push({ path: 'day', message: DRAW_CHOICE_MESSAGES.day });
    }
  }
  const causes = offer.causeKeys ?? [];
  if (causes.length > 0 && (typeof item.cause_key !== 'string' || !causes.includes(item.cause_key))) {
    failures.push({ path: 'cause_key', message: DRAW_CHOICE_MESSAGES.cause });
  }
  return failures;
}
