/**
 * The ticket in progress: the games of an entry,
 * picking and unpicking numbers, completeness, and the server's validation of an entry against a
 * game offer. Everything is driven by the offer's number sets `{name, count, first, last}` and the
 * game type key, never by the lottery.
 *
 * Shape: a game is a record from number-set name to its slots, `{ Numbers: [7, null, 23, ...],
 * Powerball: [null] }`. A slot is a position on screen; `null` is an empty slot. Picking fills a slot
 * and unpicking empties it without moving the others, so the grid never shifts. For ordered games
 * (strike, Super 66) the slot order is the order of the numbers.
 *
 * Rules chosen here:
 * - Duplicates are refused within one number set; the same number may appear in two sets (a main
 *   number 7 and Powerball 7). Super 66 (`sequential`) allows repeated digits.
 * - PowerHit plays every Powerball: a set named Powerball is implied, needs no picks and is ignored
 *   when present.
 * - mega_combo: Numbers has no blanks; Favourites, when the game has it, holds at least one number
 *   (not necessarily its full count).
 * - The server is strict: every game sent must be complete (the client sends only complete games,
 *   see `completeGames`); quick picks are filled in before validation.
 * - Field paths read `games[0].numbers[3]`: the set name in lower case, as on the wire.
 */
import type { NumberSet } from './games.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export const GAME_TYPE_KEYS = [
  'standard',
  'syndicate',
  'reduced_system',
  'powerhit',
  'powerhit_super_combo',
  'powerpik',
  'powerpik_system',
  'sequential',
  'random',
  'strike_standard',
  'strike_boxed',
  'mega_combo',
  'lotto_party',
  'deferred',
] as const;

export type GameTypeKey = (typeof GAME_TYPE_KEYS)[number];

export function isGameTypeKey(key: string): key is GameTypeKey {
  return (GAME_TYPE_KEYS as readonly string[]).includes(key);
}

/** One slot: a picked number or `null` (empty). */
export type Slot = number | null;

/** One game of a ticket in progress: slots per number-set name. */
export type TicketGame = Record<string, readonly Slot[]>;

export const MAIN_SET = 'Numbers';
export const POWERBALL_SET = 'Powerball';
export const FAVOURITES_SET = 'Favourites';

/** How a game type forms its games. */
export type GameTypeRules = {
  /** The order of the numbers matters (strike, Super 66). */
  ordered: boolean;
  /** A number may be picked twice in a set (Super 66 digits). */
  repeatsAllowed: boolean;
  /** Sets the game type plays in full without picks (PowerHit: every Powerball). */
  impliedSets: readonly string[];
};

export function gameTypeRules(gameType: string): GameTypeRules {
  switch (gameType) {
    case 'sequential':
      return { ordered: true, repeatsAllowed: true, impliedSets: [] };
    case 'strike_standard':
    case 'strike_boxed':
      return { ordered: true, repeatsAllowed: false, impliedSets: [] };
    case 'powerhit':
    case 'powerhit_super_combo':
      return { ordered: false, repeatsAllowed: false, impliedSets: [POWERBALL_SET] };
    default:
      return { ordered: false, repeatsAllowed: false, impliedSets: [] };
  }
}

/** The number sets a player picks for this game type (implied sets left out). */
export function pickedSets(numberSets: readonly NumberSet[], gameType: string): NumberSet[] {
  const { impliedSets } = gameTypeRules(gameType);
  return numberSets.filter((s) => !impliedSets.includes(s.name));
}

/** An empty game: every picked set has `count` empty slots. */
export function emptyGame(numberSets: readonly NumberSet[], gameType: string): TicketGame {
  const game: Record<string, Slot[]> = {};
  for (const set of pickedSets(numberSets, gameType)) game[set.name] = Array<Slot>(set.count).fill(null);
  return game;
}

export function isInRange(set: NumberSet, n: number): boolean {
  return Number.isInteger(n) && n >= set.first && n <= set.last;
}

/** The numbers of a set's slots, blanks left out, in slot order. */
export function pickedNumbers(slots: readonly Slot[] | undefined): number[] {
  return (slots ?? []).filter((n): n is number => n !== null);
}

/**
 * Complete when every set has exactly its count with no blanks (the count of a System
 * N offer's main set is N); PowerHit's Powerball is implied; for mega_combo Numbers has no blanks and
 * Favourites, if present, is non-empty.
 */
export function isGameComplete(
  numberSets: readonly NumberSet[],
  game: TicketGame,
  gameType: string,
): boolean {
  for (const set of pickedSets(numberSets, gameType)) {
    const slots = game[set.name];
    if (gameType === 'mega_combo' && set.name === FAVOURITES_SET) {
      if (slots !== undefined && pickedNumbers(slots).length === 0) return false;
      continue;
    }
    if (!slots || slots.length !== set.count || slots.some((n) => n === null)) return false;
  }
  return true;
}

/** The games that are complete (what the client sends and what counts towards minGames). */
export function completeGames(
  numberSets: readonly NumberSet[],
  games: readonly TicketGame[],
  gameType: string,
): TicketGame[] {
  return games.filter((g) => isGameComplete(numberSets, g, gameType));
}

export type PickRefusal = 'out_of_range' | 'duplicate' | 'full' | 'no_such_slot';
export type PickResult = { ok: true; slots: Slot[] } | { ok: false; reason: PickRefusal };

/**
 * Picks `n` into a set's slots: into slot `index` when given (it must be empty), else the first empty
 * slot. Refuses numbers out of range, a number already picked (unless repeats are allowed) and a
 * full set. Other slots never move.
 */
export function pickNumber(
  slots: readonly Slot[],
  set: NumberSet,
  n: number,
  options: { repeatsAllowed?: boolean; index?: number } = {},
): PickResult {
  if (!isInRange(set, n)) return { ok: false, reason: 'out_of_range' };
  if (!options.repeatsAllowed && slots.includes(n)) return { ok: false, reason: 'duplicate' };
  const index = options.index ?? slots.indexOf(null);
  if (options.index !== undefined && (index < 0 || index >= slots.length)) {
    return { ok: false, reason: 'no_such_slot' };
  }
  if (index < 0 || slots[index] !== null) return { ok: false, reason: 'full' };
  const next = [...slots];
  next[index] = n;
  return { ok: true, slots: next };
}

/** Empties the slot holding `n` (the last one when repeats are picked); the others keep their places. */
export function unpickNumber(slots: readonly Slot[], n: number): Slot[] {
  const index = slots.lastIndexOf(n);
  if (index < 0) return [...slots];
  return clearSlot(slots, index);
}

/** Empties one slot by position. */
export function clearSlot(slots: readonly Slot[], index: number): Slot[] {
  const next = [...slots];
  if (index >= 0 && index < next.length) next[index] = null;
  return next;
}

export type SlotRef = { set: string; index: number };
export type MoveResult = { ok: true; game: TicketGame } | { ok: false; reason: PickRefusal };

/**
 * Moves a number between sets (the main set and favourites): the two slots swap, so a number already
 * in the target slot lands in the source slot. Refused when a number would land out of its new set's
 * range or twice in one set (unless repeats are allowed).
 */
export function moveBetweenSets(
  numberSets: readonly NumberSet[],
  game: TicketGame,
  from: SlotRef,
  to: SlotRef,
  options: { repeatsAllowed?: boolean } = {},
): MoveResult {
  const fromSet = numberSets.find((s) => s.name === from.set);
  const toSet = numberSets.find((s) => s.name === to.set);
  const fromSlots = game[from.set];
  const toSlots = game[to.set];
  if (!fromSet || !toSet || !fromSlots || !toSlots) return { ok: false, reason: 'no_such_slot' };
  if (from.index < 0 || from.index >= fromSlots.length || to.index < 0 || to.index >= toSlots.length) {
    return { ok: false, reason: 'no_such_slot' };
  }
  const a = fromSlots[from.index] ?? null;
  const b = toSlots[to.index] ?? null;
  if (from.set === to.set) {
    const next = [...fromSlots];
    next[from.index] = b;
    next[to.index] = a;
    return { ok: true, game: { ...game, [from.set]: next } };
  }
  if ((a !== null && !isInRange(toSet, a)) || (b !== null && !isInRange(fromSet, b))) {
    return { ok: false, reason: 'out_of_range' };
  }
  const nextFrom = [...fromSlots];
  const nextTo = [...toSlots];
  nextFrom[from.index] = b;
  nextTo[to.index] = a;
  if (!options.repeatsAllowed && (hasDuplicates(nextFrom) || hasDuplicates(nextTo))) {
    return { ok: false, reason: 'duplicate' };
  }
  return { ok: true, game: { ...game, [from.set]: nextFrom, [to.set]: nextTo } };
}

function hasDuplicates(slots: readonly Slot[]): boolean {
  const picked = pickedNumbers(slots);
  return new Set(picked).size !== picked.length;
}

/** A game on the wire (cart item body): `{numbers, powerball?, favourites?}`. */
export type WireGame = { numbers: number[]; powerball?: number | number[]; favourites?: number[] };

/** Wire field of a set: its name in lower case ("Numbers" -> "numbers"). */
export function wireField(setName: string): string {
  return setName.toLowerCase();
}

/** A wire game as slots (a single Powerball may come as a number). */
export function gameFromWire(wire: WireGame): TicketGame {
  const game: Record<string, Slot[]> = { [MAIN_SET]: [...wire.numbers] };
  if (wire.powerball !== undefined) {
    game[POWERBALL_SET] = Array.isArray(wire.powerball) ? [...wire.powerball] : [wire.powerball];
  }
  if (wire.favourites !== undefined) game[FAVOURITES_SET] = [...wire.favourites];
  return game;
}

/** A game's picked numbers per set, as the cart stores and answers them (every set a list). */
export type PickedWireGame = { numbers: number[]; powerball?: number[]; favourites?: number[] };

/** Slots as a wire game (blanks left out). */
export function gameToWire(game: TicketGame): PickedWireGame {
  const wire: PickedWireGame = { numbers: pickedNumbers(game[MAIN_SET]) };
  if (game[POWERBALL_SET]) wire.powerball = pickedNumbers(game[POWERBALL_SET]);
  if (game[FAVOURITES_SET]) wire.favourites = pickedNumbers(game[FAVOURITES_SET]);
  return wire;
}

export type EntryFailureCode =
  | 'not_a_number'
  | 'out_of_range'
  | 'duplicate'
  | 'incomplete'
  | 'unknown_set'
  | 'too_few_games'
  | 'too_many_games'
  | 'system_size_not_offered';

export type EntryFailure = { path: string; code: EntryFailureCode; message: string };

export const ENTRY_MESSAGES = {
  notANumber: VALIDATION_MESSAGES.numbers,
  outOfRange: (set: NumberSet) => `Choose ${set.name.toLowerCase()} from ${set.first} to ${set.last}.`,
  duplicate: (n: number) => `${n} is already picked; a number cannot be picked twice.`,
  incomplete: (set: NumberSet) => `Choose exactly ${set.count} ${set.name.toLowerCase()}.`,
  favouritesEmpty: 'Choose at least one favourite.',
  unknownSet: (name: string) => `This game has no ${name}.`,
  tooFewGames: (min: number) => `Choose at least ${min} complete ${min === 1 ? 'game' : 'games'}.`,
  tooManyGames: (max: number) => `Choose at most ${max} ${max === 1 ? 'game' : 'games'}.`,
  systemSizeNotOffered: (n: number) => `System ${n} is not offered.`,
} as const;

/** What `validateEntry` needs of the game offer. */
export type EntryOffer = {
  gameType: string;
  minGames: number;
  maxGames: number;
  numberSets: readonly NumberSet[];
  /** reduced_system: the system sizes the game type offers (its offers' main counts). */
  systemSizes?: readonly number[];
};

/**
 * The server's check of an entry's games against its game offer: numbers are integers in range, no
 * duplicates in a set (Super 66 digits may repeat; order is kept as sent for ordered games), every
 * game complete, no unknown sets, between minGames and maxGames games, and for systems a system size
 * the game type offers. An empty list means valid.
 */
export function validateEntry(offer: EntryOffer, entry: { games: readonly TicketGame[] }): EntryFailure[] {
  // The entry may come straight from a client: every shape is checked, nothing is trusted.
  const failures: EntryFailure[] = [];
  const { repeatsAllowed, impliedSets } = gameTypeRules(offer.gameType);
  const sets = pickedSets(offer.numberSets, offer.gameType);
  const games: readonly unknown[] = Array.isArray(entry.games) ? entry.games : [];
  if (!Array.isArray(entry.games)) {
    failures.push({ path: 'games', code: 'incomplete', message: ENTRY_MESSAGES.tooFewGames(offer.minGames) });
    return failures;
  }
  games.forEach((raw, g) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      failures.push({
        path: `games[${g}]`,
        code: 'incomplete',
        message: ENTRY_MESSAGES.incomplete(sets[0]!),
      });
      return;
    }
    const game = raw as Record<string, unknown>;
    for (const name of Object.keys(game)) {
      if (!sets.some((s) => s.name === name) && !impliedSets.includes(name)) {
        failures.push({
          path: `games[${g}].${wireField(name)}`,
          code: 'unknown_set',
          message: ENTRY_MESSAGES.unknownSet(name),
        });
      }
    }
    for (const set of sets) {
      const path = `games[${g}].${wireField(set.name)}`;
      const rawSlots = game[set.name];
      if (rawSlots !== undefined && !Array.isArray(rawSlots)) {
        failures.push({ path, code: 'not_a_number', message: ENTRY_MESSAGES.notANumber });
        continue;
      }
      const slots = rawSlots as readonly Slot[] | undefined;
      const seen = new Set<number>();
      (slots ?? []).forEach((n, i) => {
        if (n === null) return;
        if (typeof n !== 'number' || !Number.isInteger(n)) {
          failures.push({ path: `${path}[${i}]`, code: 'not_a_number', message: ENTRY_MESSAGES.notANumber });
        } else if (!isInRange(set, n)) {
          failures.push({
            path: `${path}[${i}]`,
            code: 'out_of_range',
            message: ENTRY_MESSAGES.outOfRange(set),
          });
        } else if (!repeatsAllowed && seen.has(n)) {
          failures.push({ path: `${path}[${i}]`, code: 'duplicate', message: ENTRY_MESSAGES.duplicate(n) });
        }
        if (typeof n === 'number') seen.add(n);
      });
      if (offer.gameType === 'mega_combo' && set.name === FAVOURITES_SET) {
        if (slots !== undefined && pickedNumbers(slots).length === 0) {
          failures.push({ path, code: 'incomplete', message: ENTRY_MESSAGES.favouritesEmpty });
        }
        continue;
      }
      const picked = pickedNumbers(slots).length;
      const isSystemMain = offer.gameType === 'reduced_system' && set.name === MAIN_SET;
      if (isSystemMain && picked !== set.count && offer.systemSizes && !offer.systemSizes.includes(picked)) {
        failures.push({
          path,
          code: 'system_size_not_offered',
          message: ENTRY_MESSAGES.systemSizeNotOffered(picked),
        });
      } else if (!slots || slots.length !== set.count || picked !== set.count) {
        failures.push({ path, code: 'incomplete', message: ENTRY_MESSAGES.incomplete(set) });
      }
    }
  });
  if (games.length < offer.minGames) {
    failures.push({
      path: 'games',
      code: 'too_few_games',
      message: ENTRY_MESSAGES.tooFewGames(offer.minGames),
    });
  }
  if (games.length > offer.maxGames) {
    failures.push({
      path: 'games',
      code: 'too_many_games',
      message: ENTRY_MESSAGES.tooManyGames(offer.maxGames),
    });
  }
  return failures;
}
