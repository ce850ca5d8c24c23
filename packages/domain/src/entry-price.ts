/**
 * What an entry costs, from its game type and the game offer's price table. Every
 * amount is integer cents; anything that would pass 2^53 - 1 is a RangeError, never a wrong price.
 *
 * Two counts matter:
 * - the offer's games: lines of the entry, what the offer's price table `{games, priceCents}` and
 *   minGames/maxGames count (a "game" of a System 9 offer is one System 9 line);
 * - standard games: what one line plays, `gamesPerLine` (a System 9 line of Powerball plays
 *   C(9, 7) = 36 games), used for descriptions, odds and the seed's price table.
 *
 * Rules chosen here:
 * - When the price table does not list the exact number of games, the price is the per-game price of
 *   the table's smallest row times the games, rounded up to a cent (so a missing row never undercuts
 *   the table's unit price).
 * - Strike boxed plays every distinct order of its numbers: 4! = 24 for four different numbers, fewer
 *   when numbers repeat (4! / (2!) = 12 for one pair). Lotto Strike numbers never repeat, so 24.
 * - PowerHit plays every Powerball: the size of the lottery's Powerball range (20).
 */
import { combinations, GAMES, type LotteryKey } from './games.ts';
import { MAIN_SET, POWERBALL_SET, pickedNumbers, type TicketGame } from './ticket.ts';

/** One row of a game offer's price table: `games` of the offer cost `priceCents` per draw. */
export type OfferPrice = { games: number; priceCents: number };

function assertCount(value: number, what: string, min = 1): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${what} must be an integer of at least ${min}, got ${value}`);
  }
}

function safeProduct(a: number, b: number, what: string): number {
  const product = a * b;
  if (!Number.isSafeInteger(product)) throw new RangeError(`${what} is too large: ${a} x ${b}`);
  return product;
}

/** Distinct orders of a list of numbers: n! / (product of the factorials of repeat counts). */
export function distinctOrderings(numbers: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  let result = 1n;
  for (let i = 2; i <= numbers.length; i++) result *= BigInt(i);
  for (const c of counts.values()) for (let i = 2; i <= c; i++) result /= BigInt(i);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('too many orderings');
  return Number(result);
}

/**
 * Standard games one line of a game type plays:
 * - standard, random, sequential, strike_standard, mega_combo and the rest: 1;
 * - reduced_system: C(N, k), N the numbers picked (the System N offer's main count), k the game's main
 *   count;
 * - powerhit: the Powerball range (20);
 * - strike_boxed: the distinct orders of the line's numbers (24 when `numbers` is not given).
 */
export function gamesPerLine(
  lotteryKey: LotteryKey,
  gameType: string,
  line: { mainCount: number; numbers?: readonly number[] },
): number {
  const game = GAMES[lotteryKey];
  const main = game.numberSets.find((s) => s.name === MAIN_SET) ?? game.numberSets[0]!;
  switch (gameType) {
    case 'reduced_system':
    case 'powerpik_system':
      return combinations(line.mainCount, main.count);
    case 'powerhit': {
      const powerball = game.numberSets.find((s) => s.name === POWERBALL_SET);
      return powerball ? powerball.last - powerball.first + 1 : 1;
    }
    case 'strike_boxed':
      return line.numbers && line.numbers.length > 0
        ? distinctOrderings(line.numbers)
        : distinctOrderings(Array.from({ length: line.mainCount }, (_, i) => i));
    default:
      return 1;
  }
}

/**
 * Standard games an entry plays: the sum of `gamesPerLine` over its games (a line's main count is the
 * numbers picked in its Numbers set). Two System 9 Powerball lines play 72 games.
 */
export function entryStandardGames(
  lotteryKey: LotteryKey,
  gameType: string,
  games: readonly TicketGame[],
): number {
  let total = 0;
  for (const game of games) {
    const numbers = pickedNumbers(game[MAIN_SET]);
    total += gamesPerLine(lotteryKey, gameType, { mainCount: numbers.length, numbers });
    if (!Number.isSafeInteger(total)) throw new RangeError('too many games');
  }
  return total;
}

/**
 * Price of an entry of `gamesCount` offer games for `numDraws` draws, from the offer's price table
 * (per draw). Falls back to the smallest row's per-game price times the games (rounded up) when the
 * exact count is not listed. RangeError for counts below 1, non-integers, an empty or invalid table,
 * or a total past 2^53 - 1.
 */
export function entryPriceCents(
  offerPrices: readonly OfferPrice[],
  gamesCount: number,
  numDraws: number,
): number {
  assertCount(gamesCount, 'games');
  assertCount(numDraws, 'draws');
  if (offerPrices.length === 0) throw new RangeError('the offer has no prices');
  for (const row of offerPrices) {
    assertCount(row.games, 'a price row games');
    assertCount(row.priceCents, 'a price', 0);
  }
  const exact = offerPrices.find((row) => row.games === gamesCount);
  let perDraw: number;
  if (exact) perDraw = exact.priceCents;
  else {
    const smallest = offerPrices.reduce((a, b) => (b.games < a.games ? b : a));
    const scaled = BigInt(smallest.priceCents) * BigInt(gamesCount);
    const rounded = (scaled + BigInt(smallest.games) - 1n) / BigInt(smallest.games);
    if (rounded > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError(`price of ${gamesCount} games is too large`);
    perDraw = Number(rounded);
  }
  return safeProduct(perDraw, numDraws, 'entry price');
}

/** A linear price table like the seed's: n games cost n x gamesPerLine x standard game price. */
export function linearPriceTable(
  minGames: number,
  maxGames: number,
  gamesPerLineCount: number,
  standardGameCents: number,
): OfferPrice[] {
  assertCount(minGames, 'minGames');
  assertCount(maxGames, 'maxGames', minGames);
  const rows: OfferPrice[] = [];
  for (let games = minGames; games <= maxGames; games++) {
    const perLine = safeProduct(gamesPerLineCount, standardGameCents, 'price per line');
    rows.push({ games, priceCents: safeProduct(games, perLine, 'price') });
  }
  return rows;
}

/** Syndicate shares: cost per share x shares (x draws). */
export function syndicatePriceCents(costPerShareCents: number, shares: number, numDraws = 1): number {
  assertCount(costPerShareCents, 'cost per share', 0);
  assertCount(shares, 'shares');
  assertCount(numDraws, 'draws');
  return safeProduct(safeProduct(costPerShareCents, shares, 'syndicate price'), numDraws, 'syndicate price');
}

/** A raffle book: `numTickets` tickets for `priceCents`. */
export type RaffleBook = { numTickets: number; priceCents: number };

/** Price of a raffle book of `numTickets` tickets: the book's own price; RangeError for a size not offered. */
export function rafflePriceCents(books: readonly RaffleBook[], numTickets: number, quantity = 1): number {
  assertCount(numTickets, 'tickets');
  assertCount(quantity, 'books');
  const book = books.find((b) => b.numTickets === numTickets);
  if (!book) throw new RangeError(`no book of ${numTickets} tickets is offered`);
  assertCount(book.priceCents, 'a book price', 0);
  return safeProduct(book.priceCents, quantity, 'raffle price');
}
