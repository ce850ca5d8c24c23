/**
 * Which numbers of a sold game matched a draw's result, for showing a ticket (the prize itself is
 * the scorer's). Where order decides the prize (Lotto Strike standard, Super 66) a number matches
 * only in its place: Lotto Strike from the first position on, Super 66 from the first or from the
 * last, whichever run is longer (the first on a tie, as that is the division the game wins).
 */
import { GAMES, isLotteryKey } from './games.ts';
import { numbersInPickedOrder, ticketNumbers } from './ticket-numbers.ts';

/** A game as tickets store it. */
export type ShownGame = { numbers: readonly number[]; powerball?: readonly number[] };
/** A result as draw_results stores it: balls by set name in drawn order, and supplementary/bonus balls. */
export type ShownResult = {
  numbers: Readonly<Record<string, readonly number[]>>;
  supplementary: readonly number[];
};

export type MatchOrder = 'any' | 'from_start' | 'from_start_or_end';

export type MatchedSet = { name: string; numbers: number[]; matched: number[]; matchedPositions: number[] };
export type GameMatch = { sets: MatchedSet[]; supplementaryMatched: number[] };

/** How a game of this lottery and game type matches: in any order, or by position. */
export function matchOrderOf(lotteryKey: string | null, gameType: string | null): MatchOrder {
  if (lotteryKey === null || !isLotteryKey(lotteryKey) || !numbersInPickedOrder(lotteryKey, gameType)) {
    return 'any';
  }
  const rules = GAMES[lotteryKey].divisions.map((d) => d.rule);
  if (rules.some((r) => r.kind === 'in_order' && r.from === 'start_or_end')) return 'from_start_or_end';
  return rules.some((r) => r.kind === 'in_order') ? 'from_start' : 'any';
}

function run(numbers: readonly number[], drawn: readonly number[], fromEnd: boolean): number {
  if (fromEnd && numbers.length !== drawn.length) return 0;
  let k = 0;
  while (k < numbers.length) {
    const i = fromEnd ? numbers.length - 1 - k : k;
    if (drawn[i] === undefined || numbers[i] !== drawn[i]) break;
    k++;
  }
  return k;
}

function positions(numbers: readonly number[], drawn: readonly number[], order: MatchOrder): number[] {
  if (order === 'any') {
    const hit = new Set(drawn);
    return numbers.flatMap((n, i) => (hit.has(n) ? [i] : []));
  }
  const fromStart = run(numbers, drawn, false);
  const fromEnd = order === 'from_start_or_end' ? run(numbers, drawn, true) : 0;
  if (fromEnd > fromStart) return Array.from({ length: fromEnd }, (_, k) => numbers.length - fromEnd + k);
  return Array.from({ length: fromStart }, (_, k) => k);
}

function matchedSet(
  name: string,
  sold: readonly number[],
  drawn: readonly number[] | undefined,
  order: MatchOrder,
): MatchedSet {
  const numbers = ticketNumbers(sold, order !== 'any');
  const matchedPositions = drawn === undefined ? [] : positions(numbers, drawn, order);
  return {
    name,
    numbers,
    matched: matchedPositions.map((i) => numbers[i] as number),
    matchedPositions,
  };
}

/**
 * The game's number sets as a ticket shows them (smallest first unless order counts) with what
 * matched; `result` null (no result yet) matches nothing. Supplementary and bonus balls are drawn
 * from the main numbers, so only games matched in any order can match them.
 */
export function matchedNumbers(game: ShownGame, result: ShownResult | null, order: MatchOrder): GameMatch {
  const sets = [matchedSet('Numbers', game.numbers, result?.numbers.Numbers, order)];
  if (game.powerball !== undefined) {
    sets.push(matchedSet('Powerball', game.powerball, result?.numbers.Powerball, 'any'));
  }
  const supplementary = new Set(order === 'any' ? (result?.supplementary ?? []) : []);
  const shown = sets[0]?.numbers ?? [];
  return { sets, supplementaryMatched: shown.filter((n) => supplementary.has(n)) };
}
