/**
 * Draw choices of an entry: the number of draws (1 to the offer's maximum, or autoplay: one draw with
 * recurring purchase enabled), the day for lotteries with selectable days, the cause for offers with
 * causes, and the check the cart makes of them before it accepts an item (validateDrawChoice).
 *
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
  drawDayOf: (days: readonly string[]) => `Choose a draw day of this lottery: ${days.join(', ')}.`,
  causeOfOffer: 'Choose one of the causes of this lottery.',
  noCauses: 'This lottery has no causes.',
  recurringUnavailable: (offer: 'game' | 'syndicate' | 'raffle') =>
    `This ${offer} does not offer this recurring purchase.`,
  autoplayOneDraw: 'Autoplay buys one draw at a time: choose 1 draw.',
  scheduled: (count: number) =>
    count === 1
      ? 'Only 1 draw is scheduled from this draw: choose 1 draw.'
      : `Only ${count} draws are scheduled from this draw: choose from 1 to ${count} draws.`,
} as const;

/** A number-of-draws choice as an item's fields: autoplay is 1 draw with recurring purchase enabled. */
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

export type DrawChoiceFailure = {
  path: 'num_draws' | 'day' | 'cause_key' | 'recurring_purchase';
  code: 'invalid' | 'required' | 'not_scheduled';
  message: string;
};

/**
 * An entry is bought only for draws that are scheduled: `numDraws` must not exceed the draws taking
 * entries from its first draw on (`scheduled`, the first included). Draws are made a few weeks ahead
 * (UPCOMING_DRAWS listed), so an entry for more is refused rather than charged for draws it would
 * get no ticket for.
 */
export function scheduledDrawsFailure(numDraws: number, scheduled: number): DrawChoiceFailure | null {
  if (numDraws <= scheduled) return null;
  return { path: 'num_draws', code: 'not_scheduled', message: DRAW_CHOICE_MESSAGES.scheduled(scheduled) };
}

/** The draws taking entries from the first draw `firstDrawNo` on (itself included), of an offer's open draws. */
export function scheduledDrawsFrom(openDraws: readonly { drawNo: number }[], firstDrawNo: number): number {
  return openDraws.filter((d) => d.drawNo >= firstDrawNo).length;
}

/** The recurring purchase an offer's game offers: its type and whether it may be turned on. */
export type OfferedRecurring = { type: string; availability: RecurringAvailability } | null | undefined;

/**
 * What an item's draw choice is checked against, from catalogue rows. A lottery item has a day (its
 * lottery's timetable: weekdays, 0 = Sunday, and whether it rides other lotteries' draws) and a cause;
 * a syndicate or raffle item has neither.
 */
export type DrawChoiceRules =
  | {
      kind: 'lottery';
      weekdays: readonly number[];
      linked: boolean;
      causeKeys: readonly string[];
      recurring: OfferedRecurring;
    }
  | { kind: 'syndicate' | 'raffle'; recurring: OfferedRecurring };

export type DrawChoiceItem = {
  numDraws: number;
  day?: string | null | undefined;
  causeKey?: string | null | undefined;
  recurringPurchase?: { type: string; enabled: boolean } | null | undefined;
};

/**
 * What an item needs besides its games before the cart accepts it:
 * - cause: one of the offer's causes when it has causes, none when it has none;
 * - day: one of the weekdays its lottery draws on, and required where the lottery has selectable days;
 * - recurring purchase: when enabled, of the type the game offers and not `never`;
 * - number of draws: an enabled autoplay buys one draw at a time.
 */
export function validateDrawChoice(item: DrawChoiceItem, rules: DrawChoiceRules): DrawChoiceFailure[] {
  const failures: DrawChoiceFailure[] = [];
  if (rules.kind === 'lottery') {
    const causeKey = item.causeKey ?? null;
    if (rules.causeKeys.length > 0 && (causeKey === null || !rules.causeKeys.includes(causeKey))) {
      failures.push({
        path: 'cause_key',
        code: causeKey ? 'invalid' : 'required',
        message: DRAW_CHOICE_MESSAGES.causeOfOffer,
      });
    } else if (rules.causeKeys.length === 0 && causeKey !== null) {
      failures.push({ path: 'cause_key', code: 'invalid', message: DRAW_CHOICE_MESSAGES.noCauses });
    }
    const day = item.day ?? null;
    const drawDays = new Set<string>(rules.weekdays.map((d) => WEEKDAY_NAMES[((d % 7) + 7) % 7] ?? ''));
    if (day !== null && !drawDays.has(day)) {
      failures.push({ path: 'day', code: 'invalid', message: DRAW_CHOICE_MESSAGES.drawDayOf([...drawDays]) });
    } else if (day === null && selectableWeekdays(rules.weekdays, rules.linked).length > 0) {
      failures.push({ path: 'day', code: 'required', message: DRAW_CHOICE_MESSAGES.day });
    }
  }
  const recurring = item.recurringPurchase;
  if (recurring?.enabled) {
    const offered = rules.recurring;
    if (!offered || offered.availability === 'never' || offered.type !== recurring.type) {
      failures.push({
        path: 'recurring_purchase',
        code: 'invalid',
        message: DRAW_CHOICE_MESSAGES.recurringUnavailable(rules.kind === 'lottery' ? 'game' : rules.kind),
      });
    } else if (recurring.type === AUTOPLAY && item.numDraws !== 1) {
      failures.push({ path: 'num_draws', code: 'invalid', message: DRAW_CHOICE_MESSAGES.autoplayOneDraw });
    }
  }
  return failures;
}
