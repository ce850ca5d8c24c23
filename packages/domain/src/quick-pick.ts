/**
 * Quick pick (the play screens' button and the server's quick picks):
 * fills every empty slot of a game with numbers in range, keeping what the player already picked. The
 * random source is passed in, `random(maxExclusive)` returning an integer 0 <= r < maxExclusive: the
 * API passes `crypto.randomInt`, tests a seeded generator.
 *
 * - Numbers are distinct within a set, drawn uniformly from the numbers not yet in it; Super 66
 *   (`sequential`) digits may repeat, each slot drawn uniformly from 0-9.
 * - Ordered games (strike) keep the slot order: a quick pick fills the empty positions, and the order
 *   the numbers land in is the order they are played.
 * - Implied sets (PowerHit's Powerball) are not picked. mega_combo Favourites are left as they are
 *   (the player's own numbers).
 * - A set's slots are resized to its count (extra slots dropped from the end, missing ones added).
 */
import type { NumberSet } from './games.ts';
import { FAVOURITES_SET, gameTypeRules, pickedSets, type Slot, type TicketGame } from './ticket.ts';

export type RandomInt = (maxExclusive: number) => number;

function draw(random: RandomInt, maxExclusive: number): number {
  const r = random(maxExclusive);
  if (!Number.isInteger(r) || r < 0 || r >= maxExclusive) {
    throw new RangeError(`random(${maxExclusive}) returned ${r}`);
  }
  return r;
}

/** Fills the empty slots of one set. */
export function quickPickSet(
  set: NumberSet,
  slots: readonly Slot[],
  random: RandomInt,
  options: { repeatsAllowed?: boolean } = {},
): Slot[] {
  const next: Slot[] = Array.from({ length: set.count }, (_, i) => slots[i] ?? null);
  const size = set.last - set.first + 1;
  if (options.repeatsAllowed) {
    return next.map((n) => (n === null ? set.first + draw(random, size) : n));
  }
  const used = new Set(next.filter((n): n is number => n !== null));
  const pool: number[] = [];
  for (let n = set.first; n <= set.last; n++) if (!used.has(n)) pool.push(n);
  for (let i = 0; i < next.length; i++) {
    if (next[i] !== null) continue;
    if (pool.length === 0) throw new RangeError(`not enough numbers in ${set.name} to fill ${set.count}`);
    const [n] = pool.splice(draw(random, pool.length), 1);
    next[i] = n!;
  }
  return next;
}

/** Fills every empty slot of a game (an empty game when none is given). */
export function quickPick(
  numberSets: readonly NumberSet[],
  gameType: string,
  random: RandomInt,
  game: TicketGame = {},
): TicketGame {
  const { repeatsAllowed } = gameTypeRules(gameType);
  const next: Record<string, readonly Slot[]> = { ...game };
  for (const set of pickedSets(numberSets, gameType)) {
    if (gameType === 'mega_combo' && set.name === FAVOURITES_SET) continue;
    next[set.name] = quickPickSet(set, game[set.name] ?? [], random, { repeatsAllowed });
  }
  return next;
}

/** `count` quick-picked games (the random game type, or "quick pick all"). */
export function quickPickGames(
  numberSets: readonly NumberSet[],
  gameType: string,
  random: RandomInt,
  count: number,
): TicketGame[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`games must be a count, got ${count}`);
  return Array.from({ length: count }, () => quickPick(numberSets, gameType, random));
}
