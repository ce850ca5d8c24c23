/**
 * Scoring a ticket's games against a draw's result: which divisions each game wins, and with how
 * many of the plain games it stands for.
 *
 * How a line (one entry of `tickets.games`) forms plain games, by game type:
 * - Unordered games: a line of exactly the game's count of numbers is one game. A line of more
 *   numbers (reduced_system = System N, a syndicate's system) plays every combination of the game's
 *   count of them. standard, random, syndicate, lotto_party, mega_combo, powerpik and the others are
 *   read the same way, so any line is scored by the numbers it holds.
 * - Powerball: every Powerball listed on the line is played with every combination; powerhit (and
 *   powerhit_super_combo) plays all 20 whatever is listed; a line with none plays without one.
 * - Ordered games (Lotto Strike, Super 66): the line is one game in the order picked; strike_boxed
 *   plays every distinct order of its numbers (24 for 4 different numbers).
 * - Only the main balls and the Powerball decide ordered games; supplementary and bonus balls are
 *   stored in `supplementary` and count as the game's supplementaries or bonus balls.
 *
 * A game wins at most one division (the best it meets, see `winningDivision`); a line reports each
 * division won with `combos`, the number of its plain games winning it.
 *
 * The fast path (`createScorer`) turns the result into bit masks once (numbers 0-63 in two 32-bit
 * halves), counts a line's hits with a popcount, and looks the division up in a table built from
 * `winningDivision` itself on made-up games of every shape (main hits, supplementary hits,
 * Powerball; or run lengths from the start and the end). Systems are counted without listing their
 * combinations: with h main and e supplementary hits among N numbers, C(h,x) C(e,y) C(N-h-e, k-x-y)
 * of the k-number games take x main and y supplementary hits. Lines the fast path does not cover
 * (repeated or out-of-range numbers, unusual lengths) are scored by the reference.
 */
import type { StoredResult } from './draw-results.ts';
import {
  type DrawResult,
  GAMES,
  type GameDefinition,
  type GameEntry,
  type LotteryKey,
  winningDivision,
} from './games.ts';
import { gameTypeRules, MAIN_SET, POWERBALL_SET } from './ticket.ts';

export type { StoredResult } from './draw-results.ts';

/** One line of a ticket as sold (tickets.games[i]). */
export type SoldGame = { numbers: readonly number[]; powerball?: readonly number[] };

/** A division won by a line, and how many of its plain games won it. */
export type GameWin = { gameIndex: number; division: number; combos: number };

function mainCountOf(game: GameDefinition): number {
  return (game.numberSets.find((s) => s.name === MAIN_SET) ?? game.numberSets[0]!).count;
}

function powerballRange(game: GameDefinition): number[] | null {
  const set = game.numberSets.find((s) => s.name === POWERBALL_SET);
  if (!set) return null;
  return Array.from({ length: set.last - set.first + 1 }, (_, i) => set.first + i);
}

/**
 * A stored result as the domain's `DrawResult`: main balls in drawn order (Lotto Strike: the first 4),
 * supplementaries or bonus balls by what the game draws, the Powerball.
 */
export function toDrawResult(lotteryKey: LotteryKey, stored: StoredResult): DrawResult {
  const game = GAMES[lotteryKey];
  const numbers = stored.numbers[MAIN_SET] ?? [];
  const result: {
    main: readonly number[];
    supplementary?: readonly number[];
    bonus?: readonly number[];
    powerball?: number;
  } = { main: game.ordered ? numbers.slice(0, game.drawn.main) : numbers };
  if (game.drawn.supplementary) result.supplementary = stored.supplementary;
  if (game.drawn.bonus) result.bonus = stored.supplementary;
  const powerball = stored.numbers[POWERBALL_SET]?.[0];
  if (game.drawn.powerball && powerball !== undefined) result.powerball = powerball;
  return result;
}

function kSubsets(numbers: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= numbers.length - (k - pick.length); i++) {
      pick.push(numbers[i]!);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

function distinctOrders(numbers: readonly number[]): number[][] {
  if (numbers.length <= 1) return [[...numbers]];
  const seen = new Set<string>();
  const out: number[][] = [];
  numbers.forEach((n, i) => {
    const rest = [...numbers.slice(0, i), ...numbers.slice(i + 1)];
    for (const tail of distinctOrders(rest)) {
      const order = [n, ...tail];
      const key = order.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(order);
      }
    }
  });
  return out;
}

function playsEveryPowerball(gameType: string): boolean {
  return gameTypeRules(gameType).impliedSets.includes(POWERBALL_SET);
}

/** The plain games one line plays (the rules at the top of this file). */
export function expandGame(lotteryKey: LotteryKey, gameType: string, line: SoldGame): GameEntry[] {
  const game = GAMES[lotteryKey];
  if (game.ordered) {
    const orders = gameType === 'strike_boxed' ? distinctOrders(line.numbers) : [[...line.numbers]];
    return orders.map((numbers) => ({ numbers }));
  }
  const k = mainCountOf(game);
  const mains = line.numbers.length > k ? kSubsets(line.numbers, k) : [[...line.numbers]];
  const range = powerballRange(game);
  if (!range) return mains.map((numbers) => ({ numbers }));
  const powerballs = playsEveryPowerball(gameType) ? range : (line.powerball ?? []);
  if (powerballs.length === 0) return mains.map((numbers) => ({ numbers }));
  return mains.flatMap((numbers) => powerballs.map((powerball) => ({ numbers, powerball })));
}

/** Adds to a line's wins; lines are scored in order, so this line's wins are at the end of the list. */
function addWin(wins: GameWin[], gameIndex: number, division: number, combos: number): void {
  if (division === 0 || combos === 0) return;
  for (let i = wins.length - 1; i >= 0 && wins[i]!.gameIndex === gameIndex; i--) {
    if (wins[i]!.division === division) {
      wins[i]!.combos += combos;
      return;
    }
  }
  wins.push({ gameIndex, division, combos });
}

function byGameThenDivision(a: GameWin, b: GameWin): number {
  return a.gameIndex - b.gameIndex || a.division - b.division;
}

function referenceLine(
  lotteryKey: LotteryKey,
  gameType: string,
  line: SoldGame,
  gameIndex: number,
  result: DrawResult,
  wins: GameWin[],
): void {
  for (const entry of expandGame(lotteryKey, gameType, line)) {
    addWin(wins, gameIndex, winningDivision(lotteryKey, entry, result)?.division ?? 0, 1);
  }
}

/** The plain reference: every line expanded into its games, each scored by `winningDivision`. */
export function scoreTicketReference(
  lotteryKey: LotteryKey,
  gameType: string,
  games: readonly SoldGame[],
  result: StoredResult,
): GameWin[] {
  const drawResult = toDrawResult(lotteryKey, result);
  const wins: GameWin[] = [];
  for (let i = 0; i < games.length; i++) referenceLine(lotteryKey, gameType, games[i]!, i, drawResult, wins);
  return wins.sort(byGameThenDivision);
}

/**
 * Bits set in two 32-bit halves together (SWAR). Each half is counted in 4-bit fields (at most 4 each);
 * the fields are added (at most 8), then folded into bytes (at most 16) that one multiply sums.
 */
export function pairPopcount(lo: number, hi: number): number {
  let a = lo - ((lo >>> 1) & 0x55555555);
  a = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  let b = hi - ((hi >>> 1) & 0x55555555);
  b = (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  a += b;
  return Math.imul((a & 0x0f0f0f0f) + ((a >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
}

/** A set of numbers 0-63 as two 32-bit halves; null when a number is outside 0-63 or repeats. */
export function numbersMask(numbers: readonly number[]): { lo: number; hi: number } | null {
  let lo = 0;
  let hi = 0;
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 0 || n > 63) return null;
    const bit = 1 << (n & 31);
    if (n < 32) {
      if (lo & bit) return null;
      lo |= bit;
    } else {
      if (hi & bit) return null;
      hi |= bit;
    }
  }
  return { lo, hi };
}

/** The division (0: none) of a made-up game, scored by the reference. */
function divisionOf(lotteryKey: LotteryKey, entry: GameEntry, result: DrawResult): number {
  return winningDivision(lotteryKey, entry, result)?.division ?? 0;
}

/**
 * Unordered games: the division for x main hits, y supplementary/bonus hits and the Powerball (p),
 * at index (x * (extras + 1) + y) * 2 + p.
 */
function matchTable(lotteryKey: LotteryKey, k: number, extras: number): Uint8Array {
  const game = GAMES[lotteryKey];
  const main = Array.from({ length: Math.max(k, game.drawn.main) }, (_, i) => i + 1);
  const extra = Array.from({ length: extras }, (_, i) => 100 + i);
  const result: DrawResult = {
    main,
    ...(game.drawn.supplementary ? { supplementary: extra } : {}),
    ...(game.drawn.bonus ? { bonus: extra } : {}),
    powerball: 1,
  };
  const table = new Uint8Array((k + 1) * (extras + 1) * 2);
  for (let x = 0; x <= k; x++) {
    for (let y = 0; y <= extras && x + y <= k; y++) {
      const numbers = [...main.slice(0, x), ...extra.slice(0, y)];
      while (numbers.length < k) numbers.push(200 + numbers.length);
      for (let p = 0; p <= 1; p++) {
        table[(x * (extras + 1) + y) * 2 + p] = divisionOf(
          lotteryKey,
          { numbers, powerball: p ? 1 : 2 },
          result,
        );
      }
    }
  }
  return table;
}

/** Ordered games: the division for a run of a from the start and b from the end, at a * (M + 1) + b. */
function runTable(lotteryKey: LotteryKey, m: number): Uint8Array {
  const main = Array.from({ length: m }, (_, i) => i + 1);
  const table = new Uint8Array((m + 1) * (m + 1));
  for (let a = 0; a <= m; a++) {
    for (let b = 0; b <= m; b++) {
      const feasible = a === m ? b === m : b < m && a + b < m;
      if (!feasible) continue;
      const numbers = [...main];
      if (a < m) numbers[a] = 100;
      if (b < m) numbers[m - 1 - b] = 100;
      table[a * (m + 1) + b] = divisionOf(lotteryKey, { numbers }, { main });
    }
  }
  return table;
}

const FACTORIALS = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800];

/** n choose k for n up to 64 (a line's numbers all lie in 0-63), from Pascal's triangle. */
const CHOOSE: readonly number[][] = (() => {
  const rows: number[][] = [];
  for (let n = 0; n <= 64; n++) {
    const row = [1];
    for (let k = 1; k <= n; k++) row.push((rows[n - 1]![k - 1] ?? 0) + (rows[n - 1]![k] ?? 0));
    rows.push(row);
  }
  return rows;
})();

function choose(n: number, k: number): number {
  return CHOOSE[n]?.[k] ?? 0;
}

export type Scorer = {
  /** Wins of a ticket's lines, by line index then division. */
  score(gameType: string, games: readonly SoldGame[]): GameWin[];
  /**
   * Standard games given as masks (`numbersMask` halves, and the Powerball, 0 for none), for millions
   * of games: writes the index and division of each winning game, in order, into `winners` (room for
   * every game is needed) and answers how many won.
   */
  scoreStandardMasks(
    lo: Uint32Array,
    hi: Uint32Array,
    powerball: Uint8Array,
    winners: { games: Uint32Array; divisions: Uint8Array },
  ): number;
};

/** A scorer for one draw's result: masks and division tables computed once. */
export function createScorer(lotteryKey: LotteryKey, stored: StoredResult): Scorer {
  const game = GAMES[lotteryKey];
  const result = toDrawResult(lotteryKey, stored);
  return game.ordered ? orderedScorer(lotteryKey, game, result) : unorderedScorer(lotteryKey, game, result);
}

function unorderedScorer(lotteryKey: LotteryKey, game: GameDefinition, result: DrawResult): Scorer {
  const k = mainCountOf(game);
  const extraBalls = result.supplementary ?? result.bonus ?? [];
  const extras = extraBalls.length;
  const table = matchTable(lotteryKey, k, extras);
  const stride = extras + 1;
  const mainMask = numbersMask(result.main) ?? { lo: 0, hi: 0 };
  const extraMask = numbersMask(extraBalls) ?? { lo: 0, hi: 0 };
  const mainLo = mainMask.lo;
  const mainHi = mainMask.hi;
  const extraLo = extraMask.lo;
  const extraHi = extraMask.hi;
  const drawnPowerball = result.powerball ?? -1;
  const range = powerballRange(game);
  // The reference's view wherever the masks cannot stand for the result (never for a valid one).
  const masksExact = numbersMask(result.main) !== null && numbersMask(extraBalls) !== null;

  function scoreLine(
    gameType: string,
    everyPowerball: boolean,
    line: SoldGame,
    gameIndex: number,
    wins: GameWin[],
  ): void {
    const mask = numbersMask(line.numbers);
    if (!mask || !masksExact || line.numbers.length < k) {
      referenceLine(lotteryKey, gameType, line, gameIndex, result, wins);
      return;
    }
    const h = pairPopcount(mask.lo & mainLo, mask.hi & mainHi);
    const e = pairPopcount(mask.lo & extraLo, mask.hi & extraHi);
    let played = 1;
    let pbHits = 0;
    if (range) {
      const powerballs = everyPowerball ? range : (line.powerball ?? []);
      if (powerballs.length > 0) played = powerballs.length;
      for (const pb of powerballs) if (pb === drawnPowerball) pbHits++;
    }
    const n = line.numbers.length;
    if (n === k) {
      const at = (h * stride + e) * 2;
      addWin(wins, gameIndex, table[at + 1]!, pbHits);
      addWin(wins, gameIndex, table[at]!, played - pbHits);
      return;
    }
    const others = n - h - e;
    for (let x = Math.min(h, k); x >= 0; x--) {
      for (let y = Math.min(e, k - x); y >= 0; y--) {
        const rest = k - x - y;
        if (rest > others) continue;
        const count = choose(h, x) * choose(e, y) * choose(others, rest);
        const at = (x * stride + y) * 2;
        addWin(wins, gameIndex, table[at + 1]!, count * pbHits);
        addWin(wins, gameIndex, table[at]!, count * (played - pbHits));
      }
    }
  }

  return {
    score(gameType, games) {
      const wins: GameWin[] = [];
      const everyPowerball = playsEveryPowerball(gameType);
      for (let i = 0; i < games.length; i++) scoreLine(gameType, everyPowerball, games[i]!, i, wins);
      return wins.sort(byGameThenDivision);
    },
    scoreStandardMasks(lo, hi, powerball, winners) {
      const count = Math.min(lo.length, hi.length, powerball.length);
      if (winners.games.length < count || winners.divisions.length < count) {
        throw new RangeError(`room for ${count} winners is needed`);
      }
      const pb = drawnPowerball >= 0 && drawnPowerball < 256 ? drawnPowerball : 256;
      const masks = { mainLo, mainHi, extraLo, extraHi, pb, table, stride };
      return extras === 0
        ? scoreMainMasks(lo, hi, powerball, count, masks, winners.games, winners.divisions)
        : scoreMainAndExtraMasks(lo, hi, powerball, count, masks, winners.games, winners.divisions);
    },
  };
}

type ResultMasks = {
  mainLo: number;
  mainHi: number;
  extraLo: number;
  extraHi: number;
  /** The drawn Powerball, 256 when none (no byte equals it). */
  pb: number;
  table: Uint8Array;
  stride: number;
};

// The mask loops are plain functions (no closure) so that the compiler keeps their values in
// registers. Only winners are written, so a loop reads the games and writes almost nothing; the
// Powerball test is branch-free: ((p ^ pb) - 1) >>> 31 is 1 when p === pb.
function scoreMainMasks(
  lo: Uint32Array,
  hi: Uint32Array,
  powerball: Uint8Array,
  count: number,
  masks: ResultMasks,
  games: Uint32Array,
  divisions: Uint8Array,
): number {
  const { mainLo, mainHi, pb, table } = masks;
  let won = 0;
  for (let i = 0; i < count; i++) {
    const division =
      table[pairPopcount(lo[i]! & mainLo, hi[i]! & mainHi) * 2 + (((powerball[i]! ^ pb) - 1) >>> 31)]!;
    if (division !== 0) {
      games[won] = i;
      divisions[won++] = division;
    }
  }
  return won;
}

function scoreMainAndExtraMasks(
  lo: Uint32Array,
  hi: Uint32Array,
  powerball: Uint8Array,
  count: number,
  masks: ResultMasks,
  games: Uint32Array,
  divisions: Uint8Array,
): number {
  const { mainLo, mainHi, extraLo, extraHi, pb, table, stride } = masks;
  let won = 0;
  for (let i = 0; i < count; i++) {
    const hits = pairPopcount(lo[i]! & mainLo, hi[i]! & mainHi);
    const extraHits = pairPopcount(lo[i]! & extraLo, hi[i]! & extraHi);
    const division = table[(hits * stride + extraHits) * 2 + (((powerball[i]! ^ pb) - 1) >>> 31)]!;
    if (division !== 0) {
      games[won] = i;
      divisions[won++] = division;
    }
  }
  return won;
}

function orderedScorer(lotteryKey: LotteryKey, game: GameDefinition, result: DrawResult): Scorer {
  const drawn = result.main;
  const m = drawn.length;
  const table = runTable(lotteryKey, m);
  const endRules = game.divisions.some((d) => d.rule.kind === 'in_order' && d.rule.from === 'start_or_end');

  function runFromStart(numbers: readonly number[]): number {
    let a = 0;
    while (a < m && numbers[a] === drawn[a]) a++;
    return a;
  }

  function runFromEnd(numbers: readonly number[]): number {
    let b = 0;
    while (b < m && numbers[m - 1 - b] === drawn[m - 1 - b]) b++;
    return b;
  }

  function scoreLine(gameType: string, line: SoldGame, gameIndex: number, wins: GameWin[]): void {
    const { numbers } = line;
    if (numbers.length !== m || m >= FACTORIALS.length) {
      referenceLine(lotteryKey, gameType, line, gameIndex, result, wins);
      return;
    }
    if (gameType !== 'strike_boxed') {
      addWin(wins, gameIndex, table[runFromStart(numbers) * (m + 1) + runFromEnd(numbers)]!, 1);
      return;
    }
    if (endRules || numbersMask(numbers) === null) {
      referenceLine(lotteryKey, gameType, line, gameIndex, result, wins);
      return;
    }
    // Orders of m different numbers that start with the first j balls drawn: (m - j)! when those
    // balls are all on the line, else none. Exactly j from the start: that less those with j + 1.
    let held = 0;
    while (held < m && numbers.includes(drawn[held]!)) held++;
    for (let j = 0; j <= held; j++) {
      const atLeast = FACTORIALS[m - j]!;
      const atLeastNext = j < held ? FACTORIALS[m - j - 1]! : 0;
      addWin(wins, gameIndex, table[j * (m + 1) + (j === m ? m : 0)]!, atLeast - atLeastNext);
    }
  }

  return {
    score(gameType, games) {
      const wins: GameWin[] = [];
      for (let i = 0; i < games.length; i++) scoreLine(gameType, games[i]!, i, wins);
      return wins.sort(byGameThenDivision);
    },
    scoreStandardMasks() {
      throw new Error(`${game.name} is decided by order; its games cannot be scored as masks`);
    },
  };
}

/** The fast path for one ticket (build one `createScorer` per draw to score many). */
export function scoreTicket(
  lotteryKey: LotteryKey,
  gameType: string,
  games: readonly SoldGame[],
  result: StoredResult,
): GameWin[] {
  return createScorer(lotteryKey, result).score(gameType, games);
}

/** Winning games by division ("1": 3, ...) over many tickets' wins. */
export function winnersByDivision(wins: Iterable<readonly GameWin[]>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const list of wins) for (const w of list) totals[w.division] = (totals[w.division] ?? 0) + w.combos;
  return totals;
}
