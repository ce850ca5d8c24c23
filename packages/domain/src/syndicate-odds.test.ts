import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Division,
  type DrawResult,
  GAMES,
  type GameDefinition,
  type GameEntry,
  winningDivisionOf,
} from './games.ts';
import { entryOdds, formatOdds } from './odds.ts';
import { knownSystemsOdds, quickPickSystemsOdds, syndicateOdds, syndicateSystems } from './syndicate-odds.ts';

function subsets(numbers: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (numbers.length < k) return [];
  const [head, ...tail] = numbers;
  return [...subsets(tail, k - 1).map((s) => [head!, ...s]), ...subsets(tail, k)];
}

/** Every draw of the game, each equally likely. */
function everyDraw(game: GameDefinition): DrawResult[] {
  const main = game.numberSets[0]!;
  const all = Array.from({ length: main.last - main.first + 1 }, (_, i) => main.first + i);
  const pb = game.numberSets[1];
  const powerballs = pb
    ? Array.from({ length: pb.last - pb.first + 1 }, (_, i) => pb.first + i)
    : [undefined];
  const out: DrawResult[] = [];
  for (const drawn of subsets(all, game.drawn.main)) {
    const rest = all.filter((n) => !drawn.includes(n));
    for (const supp of subsets(rest, game.drawn.supplementary ?? 0)) {
      const rest2 = rest.filter((n) => !supp.includes(n));
      for (const bonus of subsets(rest2, game.drawn.bonus ?? 0)) {
        for (const powerball of powerballs) {
          out.push({
            main: drawn,
            supplementary: supp,
            bonus,
            ...(powerball === undefined ? {} : { powerball }),
          });
        }
      }
    }
  }
  return out;
}

/** Brute force: the share of draws in which some game of some system wins one of `divisions`. */
function bruteForce(game: GameDefinition, systems: readonly GameEntry[], divisions: readonly Division[]) {
  const k = game.numberSets[0]!.count;
  const games = systems.flatMap((sys) =>
    subsets(sys.numbers, k).map((numbers) => ({
      numbers,
      ...(sys.powerball === undefined ? {} : { powerball: sys.powerball }),
    })),
  );
  const target = { divisions };
  const draws = everyDraw(game);
  const wins = draws.filter((draw) => games.some((g) => winningDivisionOf(target, g, draw))).length;
  return wins / draws.length;
}

const probability = (oneIn: number | undefined) =>
  oneIn === undefined || !Number.isFinite(oneIn) ? 0 : 1 / oneIn;

/** A made-up small unordered game: k of 1..range, k main balls drawn, maybe supplementaries, bonus, Powerball. */
const smallGame = fc
  .record({
    k: fc.integer({ min: 2, max: 3 }),
    extra: fc.integer({ min: 3, max: 5 }),
    supp: fc.integer({ min: 0, max: 1 }),
    bonus: fc.integer({ min: 0, max: 1 }),
    powerballs: fc.integer({ min: 0, max: 3 }),
    rules: fc.array(
      fc.record({
        main: fc.integer({ min: 1, max: 3 }),
        supplementary: fc.integer({ min: 0, max: 1 }),
        bonus: fc.integer({ min: 0, max: 1 }),
        powerball: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ k, extra, supp, bonus, powerballs, rules }): GameDefinition => {
    const hasPb = powerballs >= 2;
    return {
      ...GAMES['saturday-lotto'],
      name: 'Tiny',
      numberSets: [
        { name: 'Numbers', count: k, first: 1, last: k + extra },
        ...(hasPb ? [{ name: 'Powerball', count: 1, first: 1, last: powerballs }] : []),
      ],
      drawn: { main: k, supplementary: supp, bonus, ...(hasPb ? { powerball: 1 } : {}) },
      divisions: [
        { division: 1, description: 'all', rule: { kind: 'matches', main: k, powerball: hasPb } },
        ...rules.map(
          (r, i): Division => ({
            division: i + 2,
            description: `rule ${i}`,
            rule: {
              kind: 'matches',
              main: Math.min(r.main, k),
              ...(supp ? { supplementary: r.supplementary } : {}),
              ...(bonus ? { bonus: r.bonus } : {}),
              powerball: hasPb && r.powerball,
            },
          }),
        ),
      ],
    };
  });

/** Systems of the game: 1 to 3 of them, each k to k + 2 numbers, with a Powerball when the game has one. */
function systemsOf(game: GameDefinition) {
  const main = game.numberSets[0]!;
  const pb = game.numberSets[1];
  const system = fc.record({
    numbers: fc.uniqueArray(fc.integer({ min: main.first, max: main.last }), {
      minLength: main.count,
      maxLength: main.count + 2,
    }),
    powerball: pb ? fc.integer({ min: pb.first, max: pb.last }) : fc.constant(undefined),
  });
  return fc
    .array(system, { minLength: 1, maxLength: 3 })
    .map((list) =>
      list.map(
        ({ numbers, powerball }): GameEntry =>
          powerball === undefined ? { numbers } : { numbers, powerball },
      ),
    );
}

describe('knownSystemsOdds', () => {
  it('property: equals a count of every draw of a small game, for division 1 and any prize', () => {
    fc.assert(
      fc.property(
        smallGame.chain((game) => fc.tuple(fc.constant(game), systemsOf(game))),
        ([game, systems]) => {
          const odds = knownSystemsOdds(game, systems);
          const top = game.divisions.filter((d) => d.division === 1);
          expect(probability(odds.topDivision.oneIn)).toBeCloseTo(bruteForce(game, systems, top), 12);
          expect(probability(odds.anyPrize?.oneIn)).toBeCloseTo(
            bruteForce(game, systems, game.divisions),
            12,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('one Powerball System 10 wins some prize about 1 in 22, as the single-entry odds say', () => {
    const system10: GameEntry = { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], powerball: 1 };
    const odds = knownSystemsOdds(GAMES.powerball, [system10]);
    const single = entryOdds({ lotteryKey: 'powerball', gameType: 'reduced_system', mainCount: 10 });
    expect(odds.anyPrize!.oneIn).toBeCloseTo(single.anyPrize!.oneIn, 9);
    expect(odds.topDivision.oneIn).toBeCloseTo(134_490_400 / 120, 3);
    expect(formatOdds(odds.anyPrize!.oneIn)).toBe('1 in 22');
  });

  it('four Powerball System 10s never beat four times one (about 1 in 5.6)', () => {
    const numbers = (from: number) => Array.from({ length: 10 }, (_, i) => ((from + i - 1) % 35) + 1);
    const systems = [1, 10, 19, 28].map((from, i) => ({ numbers: numbers(from), powerball: i + 1 }));
    const odds = knownSystemsOdds(GAMES.powerball, systems);
    expect(odds.anyPrize!.oneIn).toBeGreaterThan(22.3 / 4);
    expect(odds.anyPrize!.oneIn).toBeLessThan(22.3);
  });

  it('refuses systems that are not of the game', () => {
    expect(() => knownSystemsOdds(GAMES.powerball, [{ numbers: [1, 2, 3, 4, 5, 6, 7] }])).toThrow(RangeError);
    expect(() => knownSystemsOdds(GAMES['oz-lotto'], [{ numbers: [1, 1, 2, 3, 4, 5, 6] }])).toThrow(
      RangeError,
    );
    expect(() => knownSystemsOdds(GAMES['oz-lotto'], [])).toThrow(RangeError);
    expect(() => knownSystemsOdds(GAMES['lotto-strike'], [{ numbers: [1, 2, 3, 4] }])).toThrow(RangeError);
  });
});

describe('quickPickSystemsOdds', () => {
  it('property: equals the average over every pick of the systems of a small game', () => {
    fc.assert(
      fc.property(
        smallGame.filter((g) => g.numberSets[0]!.last <= 5),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 1 }),
        (game, count, more) => {
          const main = game.numberSets[0]!;
          const size = main.count + more;
          const all = Array.from({ length: main.last }, (_, i) => i + 1);
          const pb = game.numberSets[1];
          const picks: GameEntry[] = subsets(all, size).flatMap((numbers) =>
            pb ? Array.from({ length: pb.last }, (_, i) => ({ numbers, powerball: i + 1 })) : [{ numbers }],
          );
          const choices: GameEntry[][] =
            count === 1 ? picks.map((p) => [p]) : picks.flatMap((a) => picks.map((b) => [a, b]));
          let top = 0;
          let any = 0;
          for (const systems of choices) {
            const odds = knownSystemsOdds(game, systems);
            top += probability(odds.topDivision.oneIn) / choices.length;
            any += probability(odds.anyPrize?.oneIn) / choices.length;
          }
          const odds = quickPickSystemsOdds(game, count, size);
          expect(probability(odds.topDivision.oneIn)).toBeCloseTo(top, 12);
          expect(probability(odds.anyPrize?.oneIn)).toBeCloseTo(any, 12);
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000); // hundreds of exact counts per run: slow on a loaded 2-core machine
});

describe('syndicateOdds', () => {
  it('reads 4 x System 10 from 4 entries of 480 games', () => {
    expect(syndicateSystems('powerball', { numGames: 4, numStandardGames: 480 })).toEqual({
      systems: 4,
      size: 10,
    });
    expect(syndicateSystems('oz-lotto', { numGames: 2, numStandardGames: 240 })).toEqual({
      systems: 2,
      size: 10,
    });
    expect(syndicateSystems('oz-lotto', { numGames: 2, numStandardGames: 241 })).toBeNull();
    expect(syndicateSystems('lotto-strike', { numGames: 1, numStandardGames: 1 })).toBeNull();
    expect(syndicateOdds('oz-lotto', { numGames: 0, numStandardGames: 0 })).toBeNull();
  });

  it('states the Powerball and Oz Lotto syndicates as their systems, not as 480 separate games', () => {
    const pb = syndicateOdds('powerball', { numGames: 4, numStandardGames: 480 })!;
    expect(formatOdds(pb.anyPrize!.oneIn)).toBe('1 in 6');
    expect(pb.topDivision.oneIn).toBeCloseTo(134_490_400 / 480, -1);
    const oz = syndicateOdds('oz-lotto', { numGames: 2, numStandardGames: 240 })!;
    expect(formatOdds(oz.anyPrize!.oneIn)).toBe('1 in 6.1');
    expect(oz.topDivision.oneIn).toBeCloseTo(62_891_499 / 240, -1);
  });
});
