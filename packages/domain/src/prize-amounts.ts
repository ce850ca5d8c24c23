/**
 * What a winning game is paid, and how a prize is split among a syndicate's share holders.
 *
 * Decisions:
 * - An announced prize (cents per winning game, from the results) is paid as announced.
 * - A division the game fixes (Monday & Wednesday Lotto division 1: $1 million) pays its figure to
 *   one winning game; when several games win it, the figure is shared equally, truncated to the cent.
 * - Division 1 without an announced figure shares the draw's jackpot among the winning games,
 *   truncated to the cent.
 * - Shares are never rounded up: cents left over are the remainder, which the caller records.
 * - Winners are counted as at least one, so a division nobody won shows what one winner would get.
 * - A division with winners and no figure at all is left out: `unpricedDivisions` names them, and
 *   nothing is paid until a figure is given.
 */
import { GAMES, type LotteryKey } from './games.ts';

export type PrizeArgs = {
  lotteryKey: LotteryKey;
  /** Cents per winning game, by division ("1", "2", ...), as announced with the results. */
  announced: Record<string, number>;
  /** The draw's division 1 pool, when known. */
  jackpotCents: number | null;
  /** Winning games per division. */
  winnersByDivision: Record<string, number>;
};

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole cents, 0 or more: ${value}`);
}

/** Cents per winning game for each division that has a figure. */
export function prizePerWinningGame(args: PrizeArgs): Record<string, number> {
  const prizes: Record<string, number> = {};
  for (const division of GAMES[args.lotteryKey].divisions) {
    const key = String(division.division);
    const winners = Math.max(1, args.winnersByDivision[key] ?? 0);
    if (!Number.isSafeInteger(winners))
      throw new RangeError(`winners of division ${key} must be whole: ${winners}`);
    const announced = args.announced[key];
    if (announced !== undefined) {
      assertCents(announced, `the prize of division ${key}`);
      prizes[key] = announced;
    } else if (division.fixedPrizeCents !== undefined) {
      prizes[key] = Math.floor(division.fixedPrizeCents / winners);
    } else if (division.division === 1 && args.jackpotCents !== null) {
      assertCents(args.jackpotCents, 'the jackpot');
      prizes[key] = Math.floor(args.jackpotCents / winners);
    }
  }
  return prizes;
}

/** Divisions that have winning games but no figure to pay them (nothing can be paid yet). */
export function unpricedDivisions(args: PrizeArgs): number[] {
  const priced = prizePerWinningGame(args);
  return GAMES[args.lotteryKey].divisions
    .map((d) => d.division)
    .filter((d) => (args.winnersByDivision[String(d)] ?? 0) > 0 && priced[String(d)] === undefined);
}

/**
 * Splits a prize among share holders: each part is floor(prize x shares / totalShares); the
 * remainder is what is left, prize - sum(parts). Shares not held (fewer held than totalShares) stay in
 * the remainder. Each part loses less than a cent, at most (totalShares - 1) / totalShares of one, so
 * remainder <= prize x unheld / totalShares + holders x (totalShares - 1) / totalShares: with every
 * share held, at most holders - 1 cents.
 */
export function splitByShares<T extends string>(
  prizeCents: number,
  holdings: readonly { id: T; shares: number }[],
  totalShares: number,
): { parts: { id: T; cents: number }[]; remainderCents: number } {
  assertCents(prizeCents, 'a prize');
  if (!Number.isSafeInteger(totalShares) || totalShares < 1)
    throw new RangeError(`total shares must be 1 or more: ${totalShares}`);
  let held = 0;
  for (const h of holdings) {
    if (!Number.isSafeInteger(h.shares) || h.shares < 0)
      throw new RangeError(`shares must be whole, 0 or more: ${h.shares}`);
    held += h.shares;
  }
  if (held > totalShares) throw new RangeError(`${held} shares held of ${totalShares}`);
  let paid = 0;
  const parts = holdings.map((h) => {
    const product = prizeCents * h.shares;
    const cents = Number.isSafeInteger(product)
      ? Math.floor(product / totalShares)
      : Number((BigInt(prizeCents) * BigInt(h.shares)) / BigInt(totalShares));
    paid += cents;
    return { id: h.id, cents };
  });
  return { parts, remainderCents: prizeCents - paid };
}
