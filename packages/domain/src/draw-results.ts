/**
 * A draw's results as an operator enters them: checked against the game (counts, ranges, repeats,
 * sets the game draws, prizes of divisions it has), compared with a second operator's entry, and drawn
 * at random for the demo. Also the draw's life cycle as one table of moves.
 *
 * Decisions:
 * - Numbers are kept in the order entered, which is the order drawn: Lotto Strike and Super 66 are
 *   decided by it, and two entries of the same numbers in different orders differ (nothing is
 *   published on a doubt).
 * - Lotto Strike takes 4 numbers, the first 4 balls of its linked Lotto draw in the order drawn.
 * - Set for Life's bonus balls are entered and stored as `supplementary` (the draw_results column).
 * - A division's prize is cents per winning game, a whole number of 0 or more.
 */
import type { DrawStatus } from '@drawhouse/contract';
import { GAMES, type GameDefinition, type LotteryKey } from './games.ts';
import { MAIN_SET, POWERBALL_SET } from './ticket.ts';

/**
 * When a draw was drawn, as the shop shows it ("Drawn Thu 3 Dec"): its scheduled time, unless its
 * results came before it (a draw closed early and drawn then), when it is the time of its results.
 */
export function drawnAt(scheduled: Date, resultsAt: Date | null | undefined): Date {
  return resultsAt && resultsAt < scheduled ? resultsAt : scheduled;
}

/** A draw_results row: numbers by set name in drawn order, supplementary or bonus balls. */
export type StoredResult = { numbers: Record<string, number[]>; supplementary: number[] };

export type ResultsInput = {
  numbers: number[];
  supplementary?: number[];
  powerball?: number[];
  /** Cents per winning game, by division number ("1", "2", ...). */
  prizes?: Record<string, number>;
};

/** One problem of an operator's entry (named apart from validation-messages' FieldError). */
export type ResultsFieldError = { field: string; message: string };

export type ValidResults = { result: StoredResult; prizes: Record<string, number> };

export type BallsField = { field: string; label: string; count: number; first: number; last: number };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The balls an operator enters for a game: main numbers, then supplementary/bonus or the Powerball. */
function ballFields(game: GameDefinition): {
  main: BallsField;
  extra: BallsField | null;
  powerball: BallsField | null;
} {
  const mainSet = game.numberSets.find((s) => s.name === MAIN_SET) ?? game.numberSets[0]!;
  const main = {
    field: 'numbers',
    label: 'numbers',
    count: game.drawn.main,
    first: mainSet.first,
    last: mainSet.last,
  };
  const extraCount = game.drawn.supplementary ?? game.drawn.bonus ?? 0;
  const extra =
    extraCount > 0
      ? {
          field: 'supplementary',
          label: game.drawn.bonus ? 'bonus numbers' : 'supplementary numbers',
          count: extraCount,
          first: mainSet.first,
          last: mainSet.last,
        }
      : null;
  const pbSet = game.numberSets.find((s) => s.name === POWERBALL_SET);
  const powerball =
    pbSet && game.drawn.powerball
      ? {
          field: 'powerball',
          label: 'Powerball',
          count: game.drawn.powerball,
          first: pbSet.first,
          last: pbSet.last,
        }
      : null;
  return { main, extra, powerball };
}

/** The balls an operator enters for a lottery's draw, in the order the form asks for them. */
export function resultFieldsOf(lotteryKey: LotteryKey): BallsField[] {
  const spec = ballFields(GAMES[lotteryKey]);
  return [spec.main, spec.extra, spec.powerball].filter((f): f is BallsField => f !== null);
}

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** Checks one set of balls; pushes errors and answers the numbers when they are usable. */
function checkBalls(
  gameName: string,
  spec: BallsField,
  raw: unknown,
  repeatsAllowed: boolean,
  errors: ResultsFieldError[],
): number[] | null {
  if (!isList(raw)) {
    errors.push({
      field: spec.field,
      message: `${gameName} needs ${plural(spec.count, spec.label.replace(/s$/, ''), spec.label)}, got none`,
    });
    return null;
  }
  const before = errors.length;
  if (raw.length !== spec.count) {
    errors.push({
      field: spec.field,
      message: `${gameName} needs ${plural(spec.count, spec.label.replace(/s$/, ''), spec.label)}, got ${raw.length}`,
    });
  }
  const notWhole = raw.filter((n) => typeof n !== 'number' || !Number.isInteger(n));
  if (notWhole.length > 0) {
    errors.push({
      field: spec.field,
      message: `Numbers must be whole numbers: ${notWhole.map(String).join(', ')}`,
    });
  }
  const numbers = raw.filter((n): n is number => typeof n === 'number' && Number.isInteger(n));
  const outside = numbers.filter((n) => n < spec.first || n > spec.last);
  if (outside.length > 0) {
    errors.push({
      field: spec.field,
      message: `${capitalise(spec.label)} run from ${spec.first} to ${spec.last}: ${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} out of range`,
    });
  }
  if (!repeatsAllowed) {
    const repeated = repeats(numbers);
    if (repeated.length > 0)
      errors.push({ field: spec.field, message: `Numbers repeat ${repeated.join(', ')}` });
  }
  return errors.length === before ? numbers : null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function repeats(numbers: readonly number[]): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const n of numbers) (seen.has(n) ? repeated : seen).add(n);
  return [...repeated];
}

function isEmptyList(value: unknown): boolean {
  return value === undefined || (isList(value) && value.length === 0);
}

function checkPrizes(
  game: GameDefinition,
  raw: unknown,
  errors: ResultsFieldError[],
): Record<string, number> {
  const prizes: Record<string, number> = {};
  if (raw === undefined) return prizes;
  if (typeof raw !== 'object' || raw === null || isList(raw)) {
    errors.push({ field: 'prizes', message: 'Prizes must be given by division, e.g. 1=100000' });
    return prizes;
  }
  for (const [key, value] of Object.entries(raw)) {
    const field = `prizes.${key}`;
    if (!game.divisions.some((d) => String(d.division) === key)) {
      errors.push({ field, message: `${game.name} has no division ${key}` });
    } else if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      errors.push({
        field,
        message: `The prize of division ${key} must be a whole number of cents, 0 or more`,
      });
    } else {
      prizes[key] = value;
    }
  }
  return prizes;
}

/**
 * An operator's entry for a draw of `lotteryKey`, checked: the result as stored and the prizes by
 * division, or every problem found, each naming its field.
 */
export function validateResultsInput(
  lotteryKey: LotteryKey,
  input: ResultsInput,
):
  | { ok: true; result: StoredResult; prizes: Record<string, number> }
  | { ok: false; errors: ResultsFieldError[] } {
  const game = GAMES[lotteryKey];
  const errors: ResultsFieldError[] = [];
  const spec = ballFields(game);
  const main = checkBalls(game.name, spec.main, input.numbers, game.repeatsAllowed, errors);

  let extra: number[] = [];
  if (spec.extra) {
    const checked = checkBalls(game.name, spec.extra, input.supplementary, false, errors);
    if (checked && main) {
      const again = checked.filter((n) => main.includes(n));
      if (again.length > 0) {
        errors.push({
          field: 'supplementary',
          message: `${capitalise(spec.extra.label)} repeat main numbers: ${again.join(', ')}`,
        });
      }
    }
    extra = checked ?? [];
  } else if (!isEmptyList(input.supplementary)) {
    errors.push({ field: 'supplementary', message: `${game.name} has no supplementary numbers` });
  }

  let powerball: number[] = [];
  if (spec.powerball) powerball = checkBalls(game.name, spec.powerball, input.powerball, false, errors) ?? [];
  else if (!isEmptyList(input.powerball)) {
    errors.push({ field: 'powerball', message: `${game.name} has no Powerball` });
  }

  const prizes = checkPrizes(game, input.prizes, errors);
  if (errors.length > 0 || !main) return { ok: false, errors };
  const numbers: Record<string, number[]> = { [MAIN_SET]: main };
  if (spec.powerball) numbers[POWERBALL_SET] = powerball;
  return { ok: true, result: { numbers, supplementary: extra }, prizes };
}

function sameList(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((n, i) => n === y[i]);
}

/**
 * The fields in which two entries differ: `numbers`, `powerball` (any other set by its name in lower
 * case), `supplementary`, and `prizes.N` for each division whose prize differs or is given in only one.
 * Empty when they agree.
 */
export function resultDifferences(a: ValidResults, b: ValidResults): string[] {
  const differences: string[] = [];
  const sets = [...new Set([...Object.keys(a.result.numbers), ...Object.keys(b.result.numbers)])];
  sets.sort((x, y) => (x === MAIN_SET ? -1 : y === MAIN_SET ? 1 : x.localeCompare(y)));
  for (const set of sets) {
    if (!sameList(a.result.numbers[set], b.result.numbers[set])) differences.push(set.toLowerCase());
  }
  if (!sameList(a.result.supplementary, b.result.supplementary)) differences.push('supplementary');
  const divisions = [...new Set([...Object.keys(a.prizes), ...Object.keys(b.prizes)])];
  divisions.sort((x, y) => Number(x) - Number(y) || x.localeCompare(y));
  for (const d of divisions) if (a.prizes[d] !== b.prizes[d]) differences.push(`prizes.${d}`);
  return differences;
}

/** An integer source: min <= r <= max, both inclusive (the API passes a CSPRNG). */
export type RandomIntInclusive = (minInclusive: number, maxInclusive: number) => number;

function drawInt(randomInt: RandomIntInclusive, min: number, max: number): number {
  const r = randomInt(min, max);
  if (!Number.isInteger(r) || r < min || r > max)
    throw new RangeError(`randomInt(${min}, ${max}) returned ${r}`);
  return r;
}

/** `count` different numbers from first..last, none of `taken`, in the order drawn. */
function drawDistinct(
  randomInt: RandomIntInclusive,
  count: number,
  first: number,
  last: number,
  taken: readonly number[] = [],
): number[] {
  const pool: number[] = [];
  for (let n = first; n <= last; n++) if (!taken.includes(n)) pool.push(n);
  if (pool.length < count) throw new RangeError(`cannot draw ${count} numbers from ${pool.length}`);
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) drawn.push(pool.splice(drawInt(randomInt, 0, pool.length - 1), 1)[0]!);
  return drawn;
}

/**
 * A result drawn at random (the demo's draw): main balls without repeats (Super 66 digits each drawn
 * from 0-9), supplementary or bonus balls from the numbers left, the Powerball from its own range.
 * It passes `validateResultsInput`.
 */
export function randomResult(lotteryKey: LotteryKey, randomInt: RandomIntInclusive): StoredResult {
  const game = GAMES[lotteryKey];
  const spec = ballFields(game);
  const main = game.repeatsAllowed
    ? Array.from({ length: spec.main.count }, () => drawInt(randomInt, spec.main.first, spec.main.last))
    : drawDistinct(randomInt, spec.main.count, spec.main.first, spec.main.last);
  const supplementary = spec.extra
    ? drawDistinct(randomInt, spec.extra.count, spec.extra.first, spec.extra.last, main)
    : [];
  const numbers: Record<string, number[]> = { [MAIN_SET]: main };
  if (spec.powerball) {
    numbers[POWERBALL_SET] = drawDistinct(
      randomInt,
      spec.powerball.count,
      spec.powerball.first,
      spec.powerball.last,
    );
  }
  return { numbers, supplementary };
}

export type { DrawStatus };

/**
 * The moves of a draw's life: entries close, results are published (drawn), every game is scored,
 * prizes are paid, winners are told. A draw with a prize held for approval waits in DRAW_CAPPED (the
 * other prizes paid) and moves on to DRAW_PAID once it is released. No move goes back, and none stays
 * in place: a step that finds the draw already moved on has nothing to do.
 */
export const DRAW_STATUS_TRANSITIONS: Readonly<Record<DrawStatus, readonly DrawStatus[]>> = {
  DRAW_OPEN: ['DRAW_CLOSED'],
  DRAW_CLOSED: ['DRAW_DRAWN'],
  DRAW_DRAWN: ['DRAW_SCORED'],
  DRAW_SCORED: ['DRAW_PAID', 'DRAW_CAPPED'],
  DRAW_CAPPED: ['DRAW_PAID'],
  DRAW_PAID: ['DRAW_EMAILED'],
  DRAW_EMAILED: [],
};

export function canMoveDraw(from: DrawStatus, to: DrawStatus): boolean {
  return DRAW_STATUS_TRANSITIONS[from]?.includes(to) ?? false;
}
