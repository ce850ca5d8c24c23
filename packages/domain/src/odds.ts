/**
 * Odds of an entry as it stands (the top division and any prize, shown on the play screens and
 * updated as the player picks). Results are "1 in N" with N a real number of at least 1.
 *
 * Method:
 * - Top division of one line: division1Odds (every number set counted, published odds) divided by the
 *   standard games the line plays (`gamesPerLine`): a System N line covers C(N, k) combinations,
 *   PowerHit all 20 Powerballs, strike boxed every order of its numbers.
 * - Any prize of one line of an unordered game, exactly: the line's N numbers meet the draw in m main
 *   balls, s supplementaries and b bonus balls with the multivariate hypergeometric probability
 *   C(D,m) C(S,s) C(B,b) C(T-D-S-B, N-m-s-b) / C(T,N); the Powerball is matched with probability
 *   (Powerballs played) / (Powerball range). The line wins when some k numbers of it meet a division:
 *   x main hits (x <= m, k - x <= N - m) with the required supplementaries and bonus balls among the
 *   other k - x. For a standard line N = k, which is the plain hypergeometric count.
 * - Any prize of an ordered game: the easiest division (the shortest run in order) decides; runs from
 *   the start have probability 1 / (orders of that length), "first or last" runs add both ends and
 *   take away their overlap. Boxed lines count every order of their numbers.
 * - Several lines: top-division chances add (the lines are assumed to differ); any-prize chances are
 *   combined as if lines were independent, 1 - (1 - p)^lines, an approximation (one draw decides all
 *   lines).
 * - Shares change a holder's portion of the prizes, not the entry's odds. A syndicate's entry of
 *   several systems is counted as those systems in one draw (syndicate-odds.ts).
 * - Raffle: each ticket is 1 in the tickets sold so far (at least the tickets being bought); with
 *   several prizes, any prize is 1 - P(no ticket among the prize draws), drawn without replacement.
 */
import { distinctOrderings, gamesPerLine } from './entry-price.ts';
import {
  combinations,
  type Division,
  division1Odds,
  GAMES,
  type GameDefinition,
  type LotteryKey,
  permutations,
} from './games.ts';
import { formatCount } from './number-format.ts';
import { MAIN_SET, POWERBALL_SET } from './ticket.ts';

export type OneIn = { oneIn: number };
export type Odds = { topDivision: OneIn; anyPrize: OneIn | null };

function oneIn(probability: number): OneIn {
  return { oneIn: probability >= 1 ? 1 : 1 / probability };
}

function combine(probability: number, lines: number): number {
  return 1 - (1 - probability) ** lines;
}

/**
 * Whether a line of `size` main numbers (one game, or a System `size` entry covering every k of them)
 * has a game that meets one of `divisions`, when `m` of its numbers are drawn main balls, `s`
 * supplementaries and `b` bonus balls: some game takes x main hits and k - x of its other numbers,
 * among them the supplementaries and bonus balls the division needs.
 */
export function lineWins(
  game: GameDefinition,
  divisions: readonly Division[],
  size: number,
  hits: { m: number; s: number; b: number; powerball: boolean },
): boolean {
  const k = game.numberSets[0]!.count;
  const { m, s, b } = hits;
  return divisions.some(({ rule }) => {
    if (rule.kind !== 'matches') return false;
    if (rule.powerball && !hits.powerball) return false;
    const mains = typeof rule.main === 'number' ? [rule.main] : rule.main;
    const needS = rule.supplementary ?? 0;
    const needB = rule.bonus ?? 0;
    return mains.some((x) => {
      const free = k - x;
      return x <= m && free >= 0 && free <= size - m && needS <= s && needB <= b && needS + needB <= free;
    });
  });
}

/** The Powerball range of a game, or null when it has none. */
export function powerballRange(game: GameDefinition): number | null {
  const set = game.numberSets.find((s) => s.name === POWERBALL_SET);
  return set ? set.last - set.first + 1 : null;
}

/**
 * Probability that a line of `size` main numbers of an unordered game meets one of `divisions` (see
 * the method above); `allPowerballs` for a PowerHit line.
 */
export function lineProbability(
  game: GameDefinition,
  divisions: readonly Division[],
  size: number,
  allPowerballs = false,
): number {
  const main = game.numberSets.find((s) => s.name === MAIN_SET) ?? game.numberSets[0]!;
  const range = main.last - main.first + 1;
  const n = size;
  const drawnMain = game.drawn.main;
  const drawnSupp = game.drawn.supplementary ?? 0;
  const drawnBonus = game.drawn.bonus ?? 0;
  const others = range - drawnMain - drawnSupp - drawnBonus;
  const pbRange = powerballRange(game);
  const powerballProbability = pbRange === null ? 0 : allPowerballs ? 1 : 1 / pbRange;
  const total = combinations(range, n);
  let win = 0;
  for (let m = 0; m <= Math.min(n, drawnMain); m++) {
    for (let s = 0; s <= Math.min(n - m, drawnSupp); s++) {
      for (let b = 0; b <= Math.min(n - m - s, drawnBonus); b++) {
        const rest = n - m - s - b;
        if (rest > others) continue;
        const p =
          (combinations(drawnMain, m) *
            combinations(drawnSupp, s) *
            combinations(drawnBonus, b) *
            combinations(others, rest)) /
          total;
        const wins = (powerball: boolean) => lineWins(game, divisions, n, { m, s, b, powerball });
        if (wins(true)) win += p * (pbRange === null ? 1 : powerballProbability);
        if (pbRange !== null && wins(false)) win += p * (1 - powerballProbability);
      }
    }
  }
  return win;
}

/** Probability that one line wins any prize (see the method above). */
export function anyPrizeProbability(
  lotteryKey: LotteryKey,
  gameType: string,
  mainCount: number,
  numbers?: readonly number[],
): number {
  const game = GAMES[lotteryKey];
  if (game.ordered) return orderedAnyPrize(lotteryKey, gameType, mainCount, numbers);
  const allPowerballs = gameType === 'powerhit' || gameType === 'powerhit_super_combo';
  return lineProbability(game, game.divisions, mainCount, allPowerballs);
}

function orderedAnyPrize(
  lotteryKey: LotteryKey,
  gameType: string,
  mainCount: number,
  numbers?: readonly number[],
): number {
  const game = GAMES[lotteryKey];
  const main = game.numberSets[0]!;
  const range = main.last - main.first + 1;
  const count = main.count;
  const orders = (length: number) => (game.repeatsAllowed ? range ** length : permutations(range, length));
  let best = 0;
  for (const { rule } of game.divisions) {
    if (rule.kind !== 'in_order') continue;
    const length = rule.length;
    let p: number;
    if (gameType === 'strike_boxed') {
      // Some order of the line's distinct numbers starts the draw.
      const distinct = numbers ? new Set(numbers).size : mainCount;
      p = permutations(distinct, length) / orders(length);
    } else p = 1 / orders(length);
    if (rule.from === 'start_or_end' && count === mainCount)
      p = 2 * p - 1 / orders(Math.min(count, 2 * length));
    best = Math.max(best, p);
  }
  return best;
}

/**
 * Odds of an entry of `lines` lines (each with `mainCount` main numbers: the game's count, or N for a
 * System N offer), for one draw.
 */
export function entryOdds(options: {
  lotteryKey: LotteryKey;
  gameType: string;
  lines?: number;
  mainCount?: number;
  numbers?: readonly number[];
}): Odds {
  const { lotteryKey, gameType } = options;
  const lines = options.lines ?? 1;
  if (!Number.isSafeInteger(lines) || lines < 1)
    throw new RangeError(`lines must be at least 1, got ${lines}`);
  const game = GAMES[lotteryKey];
  const mainCount = options.mainCount ?? game.numberSets[0]!.count;
  let covered = gamesPerLine(lotteryKey, gameType, {
    mainCount,
    ...(options.numbers ? { numbers: options.numbers } : {}),
  });
  if (gameType === 'strike_boxed' && options.numbers) covered = distinctOrderings(options.numbers);
  const topOneIn = Math.max(1, division1Odds(lotteryKey) / (covered * lines));
  const any = anyPrizeProbability(lotteryKey, gameType, mainCount, options.numbers);
  return { topDivision: { oneIn: topOneIn }, anyPrize: any > 0 ? oneIn(combine(any, lines)) : null };
}

/** Shares of a syndicate: the entry's odds are unchanged; the holder gets `portion` of any prize. */
export function shareOdds(entry: Odds, sharesHeld: number, totalShares: number): Odds & { portion: number } {
  if (!Number.isSafeInteger(sharesHeld) || !Number.isSafeInteger(totalShares) || sharesHeld < 1) {
    throw new RangeError('shares must be positive integers');
  }
  if (sharesHeld > totalShares) throw new RangeError('cannot hold more shares than the syndicate has');
  return { ...entry, portion: sharesHeld / totalShares };
}

/**
 * Raffle odds for `ticketsHeld` tickets when `ticketsSold` have been sold so far (counted as at least
 * the tickets held): first prize 1 in sold / held; any of `prizes` prizes, drawn without replacement.
 */
export function raffleOdds(ticketsHeld: number, ticketsSold: number, prizes = 1): Odds {
  for (const [v, what] of [
    [ticketsHeld, 'tickets held'],
    [ticketsSold, 'tickets sold'],
    [prizes, 'prizes'],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < (what === 'tickets sold' ? 0 : 1)) {
      throw new RangeError(`${what} must be a non-negative integer, got ${v}`);
    }
  }
  const sold = Math.max(ticketsSold, ticketsHeld);
  let none = 1;
  for (let i = 0; i < Math.min(prizes, sold); i++) none *= Math.max(0, sold - ticketsHeld - i) / (sold - i);
  return { topDivision: { oneIn: sold / ticketsHeld }, anyPrize: oneIn(1 - none) };
}

/** "1 in 134,490,400": whole numbers from 10 up, one decimal below (1 in 2.5), never below 1 in 1. */
export function formatOdds(oneInValue: number): string {
  if (!Number.isFinite(oneInValue) || oneInValue < 1) return '1 in 1';
  return `1 in ${formatCount(oneInValue, oneInValue >= 10 ? 0 : 1)}`;
}
