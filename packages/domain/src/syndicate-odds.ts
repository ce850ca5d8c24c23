/**
 * Odds of a syndicate's entry: several system entries played in one draw. Every system entry is
 * expanded into the games it covers, and the entry wins when at least one of its games wins; games
 * of one system (and of overlapping systems) share numbers, so their chances do not add up.
 *
 * - Known numbers (`knownSystemsOdds`): exact. The numbers of the range fall into "atoms" by which
 *   systems hold them; a draw is counted by how many main, supplementary and bonus balls land in
 *   each atom (multivariate hypergeometric), which gives every system's hits; the Powerball is
 *   counted per value the systems picked. One system then wins exactly when `lineWins` says so.
 * - Numbers not known yet (`quickPickSystemsOdds`, what the storefront shows): each system's numbers
 *   (and Powerball) are a quick pick made at purchase, independently. Given any draw, each system
 *   wins with the same probability p whatever the draw (the pick is uniform), and the picks are
 *   independent, so the chance that some system wins is exactly 1 - (1 - p)^systems, averaged over
 *   the picks. Systems chosen to overlap less would do a little better, never better than
 *   systems x p (four Powerball System 10s: about 1 in 5.6; as quick picks 1 in 6.0).
 * - A syndicate's tickets say how many entries it has (`numGames`) and the standard games they cover
 *   (`numStandardGames`); its entries are taken as equal systems: System N with
 *   numGames x C(N, k) = numStandardGames. When no N fits, the odds are not stated.
 * - Ordered games (Lotto Strike, Super 66) have no system entries: no syndicate odds.
 */
import {
  combinations,
  type Division,
  GAMES,
  type GameDefinition,
  type GameEntry,
  type LotteryKey,
} from './games.ts';
import { lineProbability, lineWins, type Odds, powerballRange } from './odds.ts';

function topDivisions(game: GameDefinition): readonly Division[] {
  const first = Math.min(...game.divisions.map((d) => d.division));
  return game.divisions.filter((d) => d.division === first);
}

function oddsOf(top: number, any: number): Odds {
  return {
    topDivision: { oneIn: top > 0 ? Math.max(1, 1 / top) : Number.POSITIVE_INFINITY },
    anyPrize: any > 0 ? { oneIn: Math.max(1, 1 / any) } : null,
  };
}

function assertUnordered(game: GameDefinition): void {
  if (game.ordered) throw new RangeError(`${game.name} has no system entries`);
}

/** Odds of `systems` System `size` entries whose numbers are quick picks (see the method above). */
export function quickPickSystemsOdds(game: GameDefinition, systems: number, size: number): Odds {
  assertUnordered(game);
  const k = game.numberSets[0]!.count;
  const main = game.numberSets[0]!;
  if (!Number.isSafeInteger(systems) || systems < 1) throw new RangeError(`systems must be at least 1`);
  if (!Number.isSafeInteger(size) || size < k || size > main.last - main.first + 1) {
    throw new RangeError(`a system has ${k} to ${main.last - main.first + 1} numbers, got ${size}`);
  }
  // 1 - (1 - p)^systems without losing the digits of a small p.
  const some = (p: number) => (p >= 1 ? 1 : -Math.expm1(systems * Math.log1p(-p)));
  return oddsOf(
    some(lineProbability(game, topDivisions(game), size)),
    some(lineProbability(game, game.divisions, size)),
  );
}

type Hits = { m: number[]; s: number[]; b: number[] };
type State = { rm: number; rs: number; rb: number; hits: Hits; weight: number };

function validSystems(game: GameDefinition, systems: readonly GameEntry[]): void {
  const main = game.numberSets[0]!;
  const pbRange = powerballRange(game);
  if (systems.length === 0) throw new RangeError('an entry has at least one system');
  for (const { numbers, powerball } of systems) {
    const ok =
      new Set(numbers).size === numbers.length &&
      numbers.length >= main.count &&
      numbers.every((n) => Number.isSafeInteger(n) && n >= main.first && n <= main.last);
    if (!ok) throw new RangeError(`a system needs ${main.count} or more different numbers of the game`);
    if ((pbRange === null) !== (powerball === undefined)) {
      throw new RangeError(pbRange === null ? 'this game has no Powerball' : 'a system needs its Powerball');
    }
  }
}

/** Exact odds of system entries whose numbers (and Powerballs) are known (see the method above). */
export function knownSystemsOdds(game: GameDefinition, systems: readonly GameEntry[]): Odds {
  assertUnordered(game);
  validSystems(game, systems);
  const main = game.numberSets[0]!;
  const range = main.last - main.first + 1;
  const drawnMain = game.drawn.main;
  const drawnSupp = game.drawn.supplementary ?? 0;
  const drawnBonus = game.drawn.bonus ?? 0;
  const capS = Math.max(
    0,
    ...game.divisions.map((d) => (d.rule.kind === 'matches' ? (d.rule.supplementary ?? 0) : 0)),
  );
  const capB = Math.max(
    0,
    ...game.divisions.map((d) => (d.rule.kind === 'matches' ? (d.rule.bonus ?? 0) : 0)),
  );

  // Atoms: how many numbers of the range each set of systems (a bit mask) holds.
  const atoms = new Map<number, number>();
  for (let n = main.first; n <= main.last; n++) {
    let mask = 0;
    systems.forEach((sys, i) => {
      if (sys.numbers.includes(n)) mask |= 1 << i;
    });
    atoms.set(mask, (atoms.get(mask) ?? 0) + 1);
  }

  const zeros = () => systems.map(() => 0);
  let states = new Map<string, State>([
    [
      '',
      {
        rm: drawnMain,
        rs: drawnSupp,
        rb: drawnBonus,
        hits: { m: zeros(), s: zeros(), b: zeros() },
        weight: 1,
      },
    ],
  ]);
  for (const [mask, size] of atoms) {
    const next = new Map<string, State>();
    for (const state of states.values()) {
      for (let x = 0; x <= Math.min(size, state.rm); x++) {
        for (let y = 0; y <= Math.min(size - x, state.rs); y++) {
          for (let z = 0; z <= Math.min(size - x - y, state.rb); z++) {
            const ways = combinations(size, x) * combinations(size - x, y) * combinations(size - x - y, z);
            const hits: Hits = {
              m: state.hits.m.map((v, i) => (mask & (1 << i) ? v + x : v)),
              s: state.hits.s.map((v, i) => (mask & (1 << i) ? Math.min(capS, v + y) : v)),
              b: state.hits.b.map((v, i) => (mask & (1 << i) ? Math.min(capB, v + z) : v)),
            };
            const rm = state.rm - x;
            const rs = state.rs - y;
            const rb = state.rb - z;
            const key = `${rm},${rs},${rb}|${hits.m}|${hits.s}|${hits.b}`;
            const weight = state.weight * ways;
            const known = next.get(key);
            if (known) known.weight += weight;
            else next.set(key, { rm, rs, rb, hits, weight });
          }
        }
      }
    }
    states = next;
  }

  const draws =
    combinations(range, drawnMain) *
    combinations(range - drawnMain, drawnSupp) *
    combinations(range - drawnMain - drawnSupp, drawnBonus);
  // The drawn Powerball: each value some system picked, then any other value (hits none).
  const pbRange = powerballRange(game);
  const picked = [...new Set(systems.map((s) => s.powerball))];
  const outcomes: { drawn: number | undefined; p: number }[] =
    pbRange === null
      ? [{ drawn: undefined, p: 1 }]
      : [
          ...picked.map((v) => ({ drawn: v, p: 1 / pbRange })),
          { drawn: undefined, p: (pbRange - picked.length) / pbRange },
        ];
  const top = topDivisions(game);
  let pTop = 0;
  let pAny = 0;
  for (const { rm, rs, rb, hits, weight } of states.values()) {
    if (rm !== 0 || rs !== 0 || rb !== 0) continue;
    for (const { drawn, p } of outcomes) {
      const wins = (divisions: readonly Division[]) =>
        systems.some((sys, i) =>
          lineWins(game, divisions, sys.numbers.length, {
            m: hits.m[i]!,
            s: hits.s[i]!,
            b: hits.b[i]!,
            powerball: drawn !== undefined && sys.powerball === drawn,
          }),
        );
      if (wins(top)) pTop += (weight / draws) * p;
      if (wins(game.divisions)) pAny += (weight / draws) * p;
    }
  }
  return oddsOf(pTop, pAny);
}

/** A syndicate's entry: `systems` System `size` entries, or null when its tickets fit no such entry. */
export function syndicateSystems(
  lotteryKey: LotteryKey,
  tickets: { numGames: number; numStandardGames: number },
): { systems: number; size: number } | null {
  const game = GAMES[lotteryKey];
  if (game.ordered) return null;
  const { numGames, numStandardGames } = tickets;
  if (!Number.isSafeInteger(numGames) || numGames < 1 || !Number.isSafeInteger(numStandardGames)) return null;
  const main = game.numberSets[0]!;
  for (let size = main.count; size <= main.last - main.first + 1; size++) {
    const games = numGames * combinations(size, main.count);
    if (games === numStandardGames) return { systems: numGames, size };
    if (games > numStandardGames) break;
  }
  return null;
}

/** The odds a syndicate page states: its systems as quick picks; null when its entry is not known. */
export function syndicateOdds(
  lotteryKey: LotteryKey,
  tickets: { numGames: number; numStandardGames: number },
): Odds | null {
  const entry = syndicateSystems(lotteryKey, tickets);
  return entry ? quickPickSystemsOdds(GAMES[lotteryKey], entry.systems, entry.size) : null;
}
