/**
 * Favourite numbers (sites with the `favourite_numbers` capability):
 * per lottery one saved set `{lottery, numbers, powerball?}`, checked against the number sets of the
 * lottery's standard game, kept in session storage on the web and on the account when signed in.
 *
 * Rules chosen here:
 * - One set per lottery; saving again replaces it. At most `MAX_FAVOURITE_SETS` sets.
 * - A set holds 1 to `count` main numbers and 0 to `count` Powerballs of the standard game, in range,
 *   each once (a number cannot be added twice), also for Super 66 whose games repeat digits.
 *   A Powerball list is refused for a lottery without a Powerball set.
 * - Saved numbers keep their order (ordered games play them in that order).
 * - Filling a game moves each saved number into the game's slot of the same position with the
 *   ticket rule `moveBetweenSets` (the slots swap), so a filled game is checked like a picked one;
 *   a saved number that does not fit the game (out of range, no slot left) is left out.
 */
import type { NumberSet } from './games.ts';
import {
  emptyGame,
  isInRange,
  MAIN_SET,
  moveBetweenSets,
  POWERBALL_SET,
  pickedNumbers,
  type TicketGame,
} from './ticket.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export type FavouriteNumberSet = { lottery: string; numbers: number[]; powerball?: number[] };

export const MAX_FAVOURITE_SETS = 20;

/** The session storage key of the web's copy: `{ sets, tooltipDismissed }`. */
export const FAVOURITE_NUMBERS_STORAGE_KEY = 'dh_favourite_numbers';

export type FavouriteNumbersFailure = { path: string; message: string; code: string };

export const FAVOURITE_NUMBERS_MESSAGES = {
  unknownLottery: 'This lottery has no favourite numbers.',
  twice: 'This lottery is listed twice.',
  tooMany: `Save favourites for at most ${MAX_FAVOURITE_SETS} lotteries.`,
  count: (count: number, name: string) => `Pick 1 to ${count} ${name.toLowerCase()}.`,
  range: (set: NumberSet) => `Pick numbers from ${set.first} to ${set.last}.`,
  duplicate: 'A number cannot be added twice.',
  noPowerball: 'This lottery has no Powerball.',
} as const;

const WIRE_FIELDS = { numbers: MAIN_SET, powerball: POWERBALL_SET } as const;

/** Where saved numbers wait while they move into a game (not a real set: mega_combo has Favourites). */
const SAVED = 'Saved favourites';

/**
 * The failures of a list of sets, each with its field path (`favourite_numbers[0].numbers[2]`).
 * `setsOf` gives the standard game's number sets of a lottery, undefined for an unknown lottery.
 */
export function favouriteNumbersFailures(
  list: readonly FavouriteNumberSet[],
  setsOf: (lottery: string) => readonly NumberSet[] | undefined,
  field = 'favourite_numbers',
): FavouriteNumbersFailure[] {
  const failures: FavouriteNumbersFailure[] = [];
  if (list.length > MAX_FAVOURITE_SETS) {
    failures.push({ path: field, message: FAVOURITE_NUMBERS_MESSAGES.tooMany, code: 'too_many' });
  }
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const at = `${field}[${i}]`;
    const sets = setsOf(entry.lottery);
    if (!sets) {
      failures.push({
        path: `${at}.lottery`,
        message: FAVOURITE_NUMBERS_MESSAGES.unknownLottery,
        code: 'unknown_lottery',
      });
      return;
    }
    if (seen.has(entry.lottery)) {
      failures.push({ path: `${at}.lottery`, message: FAVOURITE_NUMBERS_MESSAGES.twice, code: 'duplicate' });
    }
    seen.add(entry.lottery);
    for (const [wire, setName] of Object.entries(WIRE_FIELDS)) {
      const numbers = wire === 'numbers' ? entry.numbers : entry.powerball;
      // An empty Powerball list is the same as none, also for a lottery without a Powerball.
      if (numbers === undefined || (wire === 'powerball' && numbers.length === 0)) continue;
      const set = sets.find((s) => s.name === setName);
      if (!set) {
        failures.push({
          path: `${at}.${wire}`,
          message: FAVOURITE_NUMBERS_MESSAGES.noPowerball,
          code: 'invalid',
        });
        continue;
      }
      failures.push(...numberFailures(numbers, set, `${at}.${wire}`, wire === 'numbers'));
    }
  });
  return failures;
}

function numberFailures(
  numbers: readonly number[],
  set: NumberSet,
  path: string,
  required: boolean,
): FavouriteNumbersFailure[] {
  if ((required && numbers.length === 0) || numbers.length > set.count) {
    const code = numbers.length === 0 ? 'required' : 'too_many';
    const message =
      numbers.length === 0
        ? VALIDATION_MESSAGES.required
        : FAVOURITE_NUMBERS_MESSAGES.count(set.count, set.name);
    return [{ path, message, code }];
  }
  const failures: FavouriteNumbersFailure[] = [];
  numbers.forEach((n, k) => {
    if (!isInRange(set, n)) {
      failures.push({
        path: `${path}[${k}]`,
        message: FAVOURITE_NUMBERS_MESSAGES.range(set),
        code: 'out_of_range',
      });
    } else if (numbers.indexOf(n) !== k) {
      failures.push({
        path: `${path}[${k}]`,
        message: FAVOURITE_NUMBERS_MESSAGES.duplicate,
        code: 'duplicate',
      });
    }
  });
  return failures;
}

function integerList(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.every((n) => Number.isSafeInteger(n)) ? (value as number[]) : undefined;
}

/**
 * Sets read from storage (session storage, a stored row): anything that is not a set shape is left
 * out, so a stale or edited copy never breaks the page. Later sets of the same lottery are dropped.
 */
export function parseFavouriteNumbers(value: unknown): FavouriteNumberSet[] {
  if (!Array.isArray(value)) return [];
  const out: FavouriteNumberSet[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { lottery, numbers, powerball } = item as Record<string, unknown>;
    const main = integerList(numbers);
    if (typeof lottery !== 'string' || !main || main.length === 0) continue;
    if (out.some((s) => s.lottery === lottery)) continue;
    const balls = integerList(powerball);
    out.push({
      lottery,
      numbers: [...main],
      ...(balls && balls.length > 0 ? { powerball: [...balls] } : {}),
    });
    if (out.length === MAX_FAVOURITE_SETS) break;
  }
  return out;
}

export function favouriteSetOf(
  list: readonly FavouriteNumberSet[],
  lottery: string,
): FavouriteNumberSet | undefined {
  return list.find((s) => s.lottery === lottery);
}

/** The list with this lottery's set replaced (or added at the end). */
export function withFavouriteSet(
  list: readonly FavouriteNumberSet[],
  set: FavouriteNumberSet,
): FavouriteNumberSet[] {
  const at = list.findIndex((s) => s.lottery === set.lottery);
  if (at < 0) return [...list, set].slice(-MAX_FAVOURITE_SETS);
  return list.map((s, i) => (i === at ? set : s));
}

export function withoutFavouriteSet(
  list: readonly FavouriteNumberSet[],
  lottery: string,
): FavouriteNumberSet[] {
  return list.filter((s) => s.lottery !== lottery);
}

/**
 * The favourites of a game's picks: each set's numbers in slot order, at most the standard game's
 * count (a System 9 game saves its first 7 Powerball numbers). Undefined when no main number is picked.
 */
export function favouriteSetFromGame(
  lottery: string,
  game: TicketGame,
  standardSets: readonly NumberSet[],
): FavouriteNumberSet | undefined {
  const limit = (name: string) => standardSets.find((s) => s.name === name)?.count ?? 0;
  const numbers = pickedNumbers(game[MAIN_SET]).slice(0, limit(MAIN_SET));
  if (numbers.length === 0) return undefined;
  const powerball = pickedNumbers(game[POWERBALL_SET]).slice(0, limit(POWERBALL_SET));
  return { lottery, numbers, ...(powerball.length > 0 ? { powerball } : {}) };
}

/**
 * A game filled with a saved set: the game's sets are emptied, then each saved number is moved
 * from a favourites set into the slot of its position (`moveBetweenSets`, which swaps slots and
 * checks range and duplicates). Sets the favourites do not name stay as they were.
 */
export function applyFavouriteSet(
  numberSets: readonly NumberSet[],
  gameType: string,
  game: TicketGame,
  set: FavouriteNumberSet,
): TicketGame {
  const empty = emptyGame(numberSets, gameType);
  let next: TicketGame = { ...game };
  for (const [setName, saved] of [
    [MAIN_SET, set.numbers],
    [POWERBALL_SET, set.powerball],
  ] as const) {
    const target = numberSets.find((s) => s.name === setName);
    const emptySlots = empty[setName];
    if (!saved || !target || !emptySlots) continue;
    const source: NumberSet = { name: SAVED, count: saved.length, first: target.first, last: target.last };
    next = { ...next, [setName]: emptySlots, [SAVED]: [...saved] };
    saved.slice(0, emptySlots.length).forEach((n, index) => {
      if (!isInRange(target, n)) return;
      const moved = moveBetweenSets([target, source], next, { set: SAVED, index }, { set: setName, index });
      if (moved.ok) next = moved.game;
    });
    const { [SAVED]: _left, ...rest } = next;
    next = rest;
  }
  return next;
}
