/**
 * The seven Australian games of the demo catalogue as data: number sets, balls
 * drawn, draw timetable (Australia/Sydney), whether order matters, and the prize divisions with
 * their match rules. The seed builds game offers from this; the scoring job finds an entry's
 * division with `winningDivision`.
 *
 * Decisions:
 * - Lotto Strike rides the Saturday Lotto draw (19:30) and the Monday & Wednesday Lotto draws
 *   (20:30), so it has two timetables; its result is the first 4 balls of that draw, in order.
 * - Super 66 is drawn with Saturday Lotto, Saturday 19:30. Its six digits may repeat.
 * - Match rules read "exactly N main numbers, at least M supplementary/bonus numbers"; when an
 *   entry fits several divisions the lowest division number (the biggest prize) wins, so 5 + 1
 *   supplementary wins division 2 of Saturday Lotto, not division 3.
 */
import type { DrawSchedule } from './draw-schedule.ts';
import { formatCount } from './number-format.ts';

export const LOTTERY_KEYS = [
  'powerball',
  'oz-lotto',
  'saturday-lotto',
  'monday-wednesday-lotto',
  'set-for-life',
  'lotto-strike',
  'super-66',
] as const;

export type LotteryKey = (typeof LOTTERY_KEYS)[number];

export function isLotteryKey(key: string): key is LotteryKey {
  return (LOTTERY_KEYS as readonly string[]).includes(key);
}

/** A set of numbers an entry picks: `count` numbers from `first` to `last` (the gameOffer shape). */
export type NumberSet = { name: string; count: number; first: number; last: number };

/** How many balls each draw produces. */
export type DrawnBalls = { main: number; supplementary?: number; bonus?: number; powerball?: number };

/**
 * What an entry must match to win a division.
 * - `matches`: exactly `main` main numbers (one of the listed counts), at least `supplementary` and
 *   `bonus` of those drawn, and the Powerball when `powerball` is true. Order does not matter.
 * - `in_order`: the first `length` positions equal the draw's (from `start`), or the first or the
 *   last `length` positions (from `start_or_end`).
 */
export type DivisionRule =
  | {
      kind: 'matches';
      main: number | readonly number[];
      supplementary?: number;
      bonus?: number;
      powerball?: boolean;
    }
  | { kind: 'in_order'; length: number; from: 'start' | 'start_or_end' };

export type Division = {
  division: number;
  description: string;
  rule: DivisionRule;
  /** A fixed prize instead of a share of a pool (shared when many win). */
  fixedPrizeCents?: number;
  note?: string;
};

export type GameDefinition = {
  key: LotteryKey;
  name: string;
  numberSets: readonly NumberSet[];
  drawn: DrawnBalls;
  /** Draw times, Sydney local; several entries when the game rides draws at different times. */
  schedule: readonly DrawSchedule[];
  /** Order matters (Lotto Strike, Super 66). */
  ordered: boolean;
  /** A number may appear more than once in an entry (Super 66 digits). */
  repeatsAllowed: boolean;
  /** The lotteries whose draws this game is decided by. */
  linkedLotteries?: readonly LotteryKey[];
  divisions: readonly Division[];
};

const NUMBERS = 'Numbers';

function matches(
  division: number,
  description: string,
  rule: Omit<Extract<DivisionRule, { kind: 'matches' }>, 'kind'>,
): Division {
  return { division, description, rule: { kind: 'matches', ...rule } };
}

function inOrder(
  division: number,
  description: string,
  length: number,
  from: 'start' | 'start_or_end',
): Division {
  return { division, description, rule: { kind: 'in_order', length, from } };
}

const SIX_FROM_45_DIVISIONS: readonly Division[] = [
  matches(1, '6 numbers', { main: 6 }),
  matches(2, '5 numbers + 1 supplementary', { main: 5, supplementary: 1 }),
  matches(3, '5 numbers', { main: 5 }),
  matches(4, '4 numbers', { main: 4 }),
  matches(5, '3 numbers + 1 supplementary', { main: 3, supplementary: 1 }),
  matches(6, '1 or 2 numbers + both supplementaries', { main: [1, 2], supplementary: 2 }),
];

export const GAMES: Readonly<Record<LotteryKey, GameDefinition>> = {
  powerball: {
    key: 'powerball',
    name: 'Powerball',
    numberSets: [
      { name: NUMBERS, count: 7, first: 1, last: 35 },
      { name: 'Powerball', count: 1, first: 1, last: 20 },
    ],
    drawn: { main: 7, powerball: 1 },
    schedule: [{ weekdays: [4], hour: 20, minute: 30 }],
    ordered: false,
    repeatsAllowed: false,
    divisions: [
      matches(1, '7 numbers + Powerball', { main: 7, powerball: true }),
      matches(2, '7 numbers', { main: 7 }),
      matches(3, '6 numbers + Powerball', { main: 6, powerball: true }),
      matches(4, '6 numbers', { main: 6 }),
      matches(5, '5 numbers + Powerball', { main: 5, powerball: true }),
      matches(6, '4 numbers + Powerball', { main: 4, powerball: true }),
      matches(7, '5 numbers', { main: 5 }),
      matches(8, '3 numbers + Powerball', { main: 3, powerball: true }),
      matches(9, '2 numbers + Powerball', { main: 2, powerball: true }),
    ],
  },
  'oz-lotto': {
    key: 'oz-lotto',
    name: 'Oz Lotto',
    numberSets: [{ name: NUMBERS, count: 7, first: 1, last: 47 }],
    drawn: { main: 7, supplementary: 3 },
    schedule: [{ weekdays: [2], hour: 20, minute: 30 }],
    ordered: false,
    repeatsAllowed: false,
    divisions: [
      matches(1, '7 numbers', { main: 7 }),
      matches(2, '6 numbers + 1 supplementary', { main: 6, supplementary: 1 }),
      matches(3, '6 numbers', { main: 6 }),
      matches(4, '5 numbers + 1 supplementary', { main: 5, supplementary: 1 }),
      matches(5, '5 numbers', { main: 5 }),
      matches(6, '4 numbers', { main: 4 }),
      matches(7, '3 numbers + 1 supplementary', { main: 3, supplementary: 1 }),
    ],
  },
  'saturday-lotto': {
    key: 'saturday-lotto',
    name: 'Saturday Lotto',
    numberSets: [{ name: NUMBERS, count: 6, first: 1, last: 45 }],
    drawn: { main: 6, supplementary: 2 },
    schedule: [{ weekdays: [6], hour: 19, minute: 30 }],
    ordered: false,
    repeatsAllowed: false,
    divisions: SIX_FROM_45_DIVISIONS,
  },
  'monday-wednesday-lotto': {
    key: 'monday-wednesday-lotto',
    name: 'Monday & Wednesday Lotto',
    numberSets: [{ name: NUMBERS, count: 6, first: 1, last: 45 }],
    drawn: { main: 6, supplementary: 2 },
    schedule: [{ weekdays: [1, 3], hour: 20, minute: 30 }],
    ordered: false,
    repeatsAllowed: false,
    divisions: SIX_FROM_45_DIVISIONS.map((d) =>
      d.division === 1
        ? { ...d, fixedPrizeCents: 100_000_000, note: 'A fixed $1 million, shared when many win' }
        : d,
    ),
  },
  'set-for-life': {
    key: 'set-for-life',
    name: 'Set for Life',
    numberSets: [{ name: NUMBERS, count: 7, first: 1, last: 44 }],
    drawn: { main: 7, bonus: 2 },
    schedule: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], hour: 20, minute: 30 }],
    ordered: false,
    repeatsAllowed: false,
    divisions: [
      { ...matches(1, '7 numbers', { main: 7 }), note: 'Paid monthly for 20 years' },
      matches(2, '6 numbers + 1 bonus', { main: 6, bonus: 1 }),
      matches(3, '6 numbers', { main: 6 }),
      matches(4, '5 numbers + 1 bonus', { main: 5, bonus: 1 }),
      matches(5, '5 numbers', { main: 5 }),
      matches(6, '4 numbers + 1 bonus', { main: 4, bonus: 1 }),
      matches(7, '4 numbers', { main: 4 }),
      matches(8, '3 numbers + 1 bonus', { main: 3, bonus: 1 }),
    ],
  },
  'lotto-strike': {
    key: 'lotto-strike',
    name: 'Lotto Strike',
    numberSets: [{ name: NUMBERS, count: 4, first: 1, last: 45 }],
    drawn: { main: 4 },
    schedule: [
      { weekdays: [6], hour: 19, minute: 30 },
      { weekdays: [1, 3], hour: 20, minute: 30 },
    ],
    ordered: true,
    repeatsAllowed: false,
    linkedLotteries: ['saturday-lotto', 'monday-wednesday-lotto'],
    divisions: [
      inOrder(1, 'All 4 numbers in exact order', 4, 'start'),
      inOrder(2, 'First 3 numbers in order', 3, 'start'),
      inOrder(3, 'First 2 numbers in order', 2, 'start'),
      inOrder(4, 'First number', 1, 'start'),
    ],
  },
  'super-66': {
    key: 'super-66',
    name: 'Super 66',
    numberSets: [{ name: NUMBERS, count: 6, first: 0, last: 9 }],
    drawn: { main: 6 },
    schedule: [{ weekdays: [6], hour: 19, minute: 30 }],
    ordered: true,
    repeatsAllowed: true,
    linkedLotteries: ['saturday-lotto'],
    divisions: [
      inOrder(1, 'All 6 digits in order', 6, 'start'),
      inOrder(2, 'First 5 or last 5 digits in order', 5, 'start_or_end'),
      inOrder(3, 'First 4 or last 4 digits in order', 4, 'start_or_end'),
      inOrder(4, 'First 3 or last 3 digits in order', 3, 'start_or_end'),
      inOrder(5, 'First 2 or last 2 digits in order', 2, 'start_or_end'),
    ],
  },
};

export function combinationsBigInt(n: number, k: number): bigint {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k) || n < 0 || k < 0) {
    throw new RangeError(`combinations needs non-negative integers, got n=${n}, k=${k}`);
  }
  if (k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  for (let i = 0; i < r; i++) {
    // Exact at every step: the product of i + 1 consecutive numbers divides by (i + 1)!.
    result = (result * BigInt(n - i)) / BigInt(i + 1);
  }
  return result;
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${what} is too large for a number: ${value}`);
  return Number(value);
}

/**
 * n choose k, exact (computed in bigint). RangeError when the result passes 2^53 - 1 or the
 * arguments are not non-negative integers; 0 when k > n. A System N entry covers
 * combinations(N, count) games.
 */
export function combinations(n: number, k: number): number {
  return toSafeNumber(combinationsBigInt(n, k), `combinations(${n}, ${k})`);
}

/** Ordered picks without repeats: n! / (n - k)!. */
export function permutations(n: number, k: number): number {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k) || n < 0 || k < 0) {
    throw new RangeError(`permutations needs non-negative integers, got n=${n}, k=${k}`);
  }
  if (k > n) return 0;
  let result = 1n;
  for (let i = 0; i < k; i++) result *= BigInt(n - i);
  return toSafeNumber(result, `permutations(${n}, ${k})`);
}

/**
 * The N of "1 in N": the chance of division 1 for one standard game, counting every number set
 * (Powerball: C(35, 7) x 20 = 134,490,400; Oz Lotto: C(47, 7) = 62,891,499; Saturday Lotto:
 * C(45, 6) = 8,145,060). Ordered games count orders (Lotto Strike: 45 x 44 x 43 x 42); Super 66
 * counts digit strings (10^6).
 */
export function division1Odds(lotteryKey: LotteryKey): number {
  const game = GAMES[lotteryKey];
  let odds = 1n;
  for (const set of game.numberSets) {
    const size = set.last - set.first + 1;
    if (!game.ordered) odds *= combinationsBigInt(size, set.count);
    else if (game.repeatsAllowed) odds *= BigInt(size) ** BigInt(set.count);
    else odds *= BigInt(permutations(size, set.count));
  }
  return toSafeNumber(odds, `odds of ${lotteryKey}`);
}

/** "1 in 134,490,400". */
export function division1OddsText(lotteryKey: LotteryKey): string {
  return `1 in ${formatCount(division1Odds(lotteryKey))}`;
}

/** One game of an entry: the main numbers (in the order picked, for ordered games), and the Powerball. */
export type GameEntry = { numbers: readonly number[]; powerball?: number };

/** A draw's result: main balls (in drawn order), supplementaries, bonus balls, the Powerball. */
export type DrawResult = {
  main: readonly number[];
  supplementary?: readonly number[];
  bonus?: readonly number[];
  powerball?: number;
};

function countIn(numbers: readonly number[], drawn: readonly number[] | undefined): number {
  if (!drawn) return 0;
  const set = new Set(drawn);
  return new Set(numbers.filter((n) => set.has(n))).size;
}

function samePositions(
  entry: readonly number[],
  drawn: readonly number[],
  start: number,
  length: number,
): boolean {
  for (let i = start; i < start + length; i++) {
    if (entry[i] === undefined || entry[i] !== drawn[i]) return false;
  }
  return true;
}

function ruleMatches(rule: DivisionRule, entry: GameEntry, result: DrawResult): boolean {
  if (rule.kind === 'in_order') {
    const { numbers } = entry;
    const { main } = result;
    if (samePositions(numbers, main, 0, rule.length)) return true;
    if (rule.from !== 'start_or_end' || numbers.length !== main.length) return false;
    return samePositions(numbers, main, main.length - rule.length, rule.length);
  }
  const mainHits = countIn(entry.numbers, result.main);
  const mainCounts: readonly number[] = typeof rule.main === 'number' ? [rule.main] : rule.main;
  if (!mainCounts.includes(mainHits)) return false;
  if (countIn(entry.numbers, result.supplementary) < (rule.supplementary ?? 0)) return false;
  if (countIn(entry.numbers, result.bonus) < (rule.bonus ?? 0)) return false;
  if (rule.powerball && (entry.powerball === undefined || entry.powerball !== result.powerball)) return false;
  return true;
}

/**
 * The division one game wins in a draw (the lowest-numbered division whose rule it meets), or null
 * when it wins nothing. The entry and result are assumed to be valid for the game.
 */
export function winningDivision(
  lotteryKey: LotteryKey,
  entry: GameEntry,
  result: DrawResult,
): Division | null {
  return winningDivisionOf(GAMES[lotteryKey], entry, result);
}

/** `winningDivision` for any game definition (odds are checked against it on small made-up games). */
export function winningDivisionOf(
  game: Pick<GameDefinition, 'divisions'>,
  entry: GameEntry,
  result: DrawResult,
): Division | null {
  const divisions = [...game.divisions].sort((a, b) => a.division - b.division);
  return divisions.find((d) => ruleMatches(d.rule, entry, result)) ?? null;
}
