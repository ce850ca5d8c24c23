import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES, type NumberSet } from './games.ts';
import {
  clearSlot,
  completeGames,
  emptyGame,
  gameFromWire,
  gameToWire,
  isGameComplete,
  isGameTypeKey,
  moveBetweenSets,
  pickedNumbers,
  pickNumber,
  type Slot,
  type TicketGame,
  unpickNumber,
  validateEntry,
} from './ticket.ts';

const POWERBALL = GAMES.powerball.numberSets;
const SUPER66 = GAMES['super-66'].numberSets;
const STRIKE = GAMES['lotto-strike'].numberSets;
const MAIN = POWERBALL[0]!;
const SYSTEM_9: NumberSet[] = [{ name: 'Numbers', count: 9, first: 1, last: 35 }, POWERBALL[1]!];
const MEGA: NumberSet[] = [
  { name: 'Numbers', count: 6, first: 1, last: 45 },
  { name: 'Favourites', count: 3, first: 1, last: 45 },
];

const pb = (numbers: Slot[], powerball: Slot[] = [5]): TicketGame => ({
  Numbers: numbers,
  Powerball: powerball,
});

describe('game type keys', () => {
  it('knows the game types', () => {
    expect(isGameTypeKey('reduced_system')).toBe(true);
    expect(isGameTypeKey('system')).toBe(false);
  });
});

describe('isGameComplete', () => {
  it('needs every set full with no blanks', () => {
    expect(isGameComplete(POWERBALL, pb([1, 2, 3, 4, 5, 6, 7]), 'standard')).toBe(true);
    expect(isGameComplete(POWERBALL, pb([1, 2, 3, null, 5, 6, 7]), 'standard')).toBe(false);
    expect(isGameComplete(POWERBALL, pb([1, 2, 3, 4, 5, 6, 7], [null]), 'standard')).toBe(false);
    expect(isGameComplete(POWERBALL, { Numbers: [1, 2, 3, 4, 5, 6, 7] }, 'standard')).toBe(false);
    expect(isGameComplete(POWERBALL, emptyGame(POWERBALL, 'standard'), 'standard')).toBe(false);
  });
  it('uses the system size of a System N offer', () => {
    expect(isGameComplete(SYSTEM_9, pb([1, 2, 3, 4, 5, 6, 7]), 'reduced_system')).toBe(false);
    expect(isGameComplete(SYSTEM_9, pb([1, 2, 3, 4, 5, 6, 7, 8, 9]), 'reduced_system')).toBe(true);
  });
  it('implies the Powerball for PowerHit', () => {
    expect(isGameComplete(POWERBALL, { Numbers: [1, 2, 3, 4, 5, 6, 7] }, 'powerhit')).toBe(true);
    expect(emptyGame(POWERBALL, 'powerhit')).toEqual({ Numbers: Array(7).fill(null) });
  });
  it('mega_combo: Numbers without blanks, Favourites non-empty when present', () => {
    const numbers = [1, 2, 3, 4, 5, 6];
    expect(isGameComplete(MEGA, { Numbers: numbers }, 'mega_combo')).toBe(true);
    expect(isGameComplete(MEGA, { Numbers: numbers, Favourites: [null, 9, null] }, 'mega_combo')).toBe(true);
    expect(isGameComplete(MEGA, { Numbers: numbers, Favourites: [null, null, null] }, 'mega_combo')).toBe(
      false,
    );
    expect(isGameComplete(MEGA, { Numbers: [1, 2, 3, 4, 5, null] }, 'mega_combo')).toBe(false);
  });
  it('completeGames keeps the complete ones', () => {
    const games = [pb([1, 2, 3, 4, 5, 6, 7]), pb([1, null, 3, 4, 5, 6, 7])];
    expect(completeGames(POWERBALL, games, 'standard')).toEqual([games[0]]);
  });
});

describe('pick and unpick', () => {
  it('fills the first empty slot and refuses duplicates, out of range and full sets', () => {
    const r = pickNumber([null, 4, null], MAIN, 9);
    expect(r).toEqual({ ok: true, slots: [9, 4, null] });
    expect(pickNumber([null, 4, null], MAIN, 4)).toEqual({ ok: false, reason: 'duplicate' });
    expect(pickNumber([null], MAIN, 36)).toEqual({ ok: false, reason: 'out_of_range' });
    expect(pickNumber([null], MAIN, 1.5)).toEqual({ ok: false, reason: 'out_of_range' });
    expect(pickNumber([1, 2], MAIN, 3)).toEqual({ ok: false, reason: 'full' });
    expect(pickNumber([null, null], MAIN, 3, { index: 1 })).toEqual({ ok: true, slots: [null, 3] });
    expect(pickNumber([null, null], MAIN, 3, { index: 2 })).toEqual({ ok: false, reason: 'no_such_slot' });
  });
  it('lets Super 66 digits repeat', () => {
    expect(pickNumber([3, null], SUPER66[0]!, 3, { repeatsAllowed: true })).toEqual({
      ok: true,
      slots: [3, 3],
    });
  });
  it('unpicking empties the slot without moving the others', () => {
    expect(unpickNumber([1, 2, 3], 2)).toEqual([1, null, 3]);
    expect(unpickNumber([1, 2, 3], 9)).toEqual([1, 2, 3]);
    expect(clearSlot([1, 2, 3], 0)).toEqual([null, 2, 3]);
  });
  it('property: picks never duplicate and never move a picked number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -2, max: 38 })), { maxLength: 60 }),
        (ops) => {
          let slots: Slot[] = Array(7).fill(null);
          for (const [pick, n] of ops) {
            const before = [...slots];
            if (pick) {
              const r = pickNumber(slots, MAIN, n);
              if (r.ok) slots = r.slots;
            } else slots = unpickNumber(slots, n);
            expect(slots).toHaveLength(7);
            const picked = pickedNumbers(slots);
            expect(new Set(picked).size).toBe(picked.length);
            for (const x of picked) expect(x >= 1 && x <= 35).toBe(true);
            // Every slot either kept its number or changed between empty and a number.
            before.forEach((b, i) => {
              if (b !== null && slots[i] !== null) expect(slots[i]).toBe(b);
            });
          }
        },
      ),
    );
  });
});

describe('moveBetweenSets', () => {
  it('swaps the slots of the main set and favourites', () => {
    const game = { Numbers: [1, 2, 3, 4, 5, 6], Favourites: [10, null, null] };
    const r = moveBetweenSets(MEGA, game, { set: 'Numbers', index: 1 }, { set: 'Favourites', index: 0 });
    expect(r).toEqual({ ok: true, game: { Numbers: [1, 10, 3, 4, 5, 6], Favourites: [2, null, null] } });
    const r2 = moveBetweenSets(MEGA, game, { set: 'Numbers', index: 1 }, { set: 'Favourites', index: 2 });
    expect(r2).toEqual({ ok: true, game: { Numbers: [1, null, 3, 4, 5, 6], Favourites: [10, null, 2] } });
  });
  it('refuses a swap that would duplicate a number in a set, or an unknown slot', () => {
    const game = { Numbers: [1, 2, 3, 4, 5, 6], Favourites: [2, null, null] };
    expect(
      moveBetweenSets(MEGA, game, { set: 'Numbers', index: 1 }, { set: 'Favourites', index: 1 }),
    ).toEqual({
      ok: false,
      reason: 'duplicate',
    });
    expect(
      moveBetweenSets(MEGA, game, { set: 'Numbers', index: 9 }, { set: 'Favourites', index: 1 }),
    ).toEqual({
      ok: false,
      reason: 'no_such_slot',
    });
  });
  it('property: a swap keeps the slot counts, the union of numbers and no duplicates', () => {
    const slotsArb = (len: number) =>
      fc.uniqueArray(fc.integer({ min: 1, max: 45 }), { maxLength: len }).map((xs) => {
        const slots: Slot[] = Array(len).fill(null);
        xs.forEach((x, i) => {
          slots[i] = x;
        });
        return slots;
      });
    fc.assert(
      fc.property(
        slotsArb(6),
        slotsArb(3),
        fc.nat(5),
        fc.nat(2),
        fc.boolean(),
        (numbers, favourites, i, j, forward) => {
          const game = { Numbers: numbers, Favourites: favourites };
          const a = { set: 'Numbers', index: i };
          const b = { set: 'Favourites', index: j };
          const r = forward ? moveBetweenSets(MEGA, game, a, b) : moveBetweenSets(MEGA, game, b, a);
          if (!r.ok) return;
          expect(r.game.Numbers).toHaveLength(6);
          expect(r.game.Favourites).toHaveLength(3);
          const all = (g: TicketGame) => [...pickedNumbers(g.Numbers), ...pickedNumbers(g.Favourites)].sort();
          expect(all(r.game)).toEqual(all(game));
          for (const slots of [r.game.Numbers, r.game.Favourites]) {
            const picked = pickedNumbers(slots);
            expect(new Set(picked).size).toBe(picked.length);
          }
        },
      ),
    );
  });
});

describe('wire games', () => {
  it('converts both ways', () => {
    const game = gameFromWire({ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 9 });
    expect(game).toEqual({ Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [9] });
    expect(gameToWire(game)).toEqual({ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [9] });
  });
});

describe('validateEntry', () => {
  const offer = { gameType: 'standard', minGames: 1, maxGames: 2, numberSets: POWERBALL };
  const good = pb([1, 2, 3, 4, 5, 6, 7]);

  it('accepts complete games within min and max', () => {
    expect(validateEntry(offer, { games: [good] })).toEqual([]);
    expect(validateEntry(offer, { games: [good, good] })).toEqual([]);
  });
  it('reports ranges, duplicates and incomplete games with field paths', () => {
    const failures = validateEntry(offer, { games: [good, pb([0, 2, 2, 4, 5, 6, 7], [21])] });
    expect(failures).toEqual([
      { path: 'games[1].numbers[0]', code: 'out_of_range', message: 'Choose numbers from 1 to 35.' },
      {
        path: 'games[1].numbers[2]',
        code: 'duplicate',
        message: '2 is already picked; a number cannot be picked twice.',
      },
      { path: 'games[1].powerball[0]', code: 'out_of_range', message: 'Choose powerball from 1 to 20.' },
    ]);
    expect(validateEntry(offer, { games: [pb([1, 2, 3])] })).toEqual([
      { path: 'games[0].numbers', code: 'incomplete', message: 'Choose exactly 7 numbers.' },
    ]);
    expect(validateEntry(offer, { games: [{ Numbers: [1, 2, 3, 4, 5, 6, 7] }] })[0]?.path).toBe(
      'games[0].powerball',
    );
  });
  it('reports strings for numbers and unknown sets', () => {
    const game = { Numbers: [1, 2, 3, 4, 5, 6, '7' as unknown as number], Powerball: [1], Bonus: [3] };
    const codes = validateEntry(offer, { games: [game] }).map((f) => `${f.path} ${f.code}`);
    expect(codes).toEqual(['games[0].bonus unknown_set', 'games[0].numbers[6] not_a_number']);
  });
  it('enforces min and max games', () => {
    expect(validateEntry(offer, { games: [] })).toEqual([
      { path: 'games', code: 'too_few_games', message: 'Choose at least 1 complete game.' },
    ]);
    expect(validateEntry(offer, { games: [good, good, good] })).toEqual([
      { path: 'games', code: 'too_many_games', message: 'Choose at most 2 games.' },
    ]);
  });
  it('keeps order for strike and lets Super 66 digits repeat', () => {
    const strike = { gameType: 'strike_standard', minGames: 1, maxGames: 5, numberSets: STRIKE };
    expect(validateEntry(strike, { games: [{ Numbers: [45, 1, 30, 2] }] })).toEqual([]);
    expect(validateEntry(strike, { games: [{ Numbers: [45, 1, 45, 2] }] })[0]?.code).toBe('duplicate');
    const super66 = { gameType: 'sequential', minGames: 1, maxGames: 5, numberSets: SUPER66 };
    expect(validateEntry(super66, { games: [{ Numbers: [0, 0, 9, 9, 9, 1] }] })).toEqual([]);
    expect(validateEntry(super66, { games: [{ Numbers: [0, 0, 10, 9, 9, 1] }] })[0]?.code).toBe(
      'out_of_range',
    );
  });
  it('reports a system size the game type does not offer', () => {
    const system = {
      gameType: 'reduced_system',
      minGames: 1,
      maxGames: 10,
      numberSets: SYSTEM_9,
      systemSizes: [8, 9],
    };
    expect(validateEntry(system, { games: [pb([1, 2, 3, 4, 5, 6, 7, 8, 9])] })).toEqual([]);
    expect(validateEntry(system, { games: [pb([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])] })).toEqual([
      { path: 'games[0].numbers', code: 'system_size_not_offered', message: 'System 13 is not offered.' },
    ]);
    expect(validateEntry(system, { games: [pb([1, 2, 3, 4, 5, 6, 7, 8])] })[0]?.code).toBe('incomplete');
  });
  it('PowerHit needs no Powerball', () => {
    const powerhit = { gameType: 'powerhit', minGames: 1, maxGames: 10, numberSets: [MAIN] };
    expect(validateEntry(powerhit, { games: [{ Numbers: [1, 2, 3, 4, 5, 6, 7] }] })).toEqual([]);
    expect(validateEntry(powerhit, { games: [pb([1, 2, 3, 4, 5, 6, 7], [3])] })).toEqual([]);
  });
  it('survives hostile shapes', () => {
    const hostile = (games: unknown) => validateEntry(offer, { games: games as TicketGame[] });
    expect(hostile('nope')[0]?.path).toBe('games');
    expect(hostile([null])[0]).toMatchObject({ path: 'games[0]', code: 'incomplete' });
    expect(hostile([[1, 2, 3]])[0]).toMatchObject({ path: 'games[0]', code: 'incomplete' });
    expect(hostile([{ Numbers: '1,2,3', Powerball: [1] }])).toEqual([
      { path: 'games[0].numbers', code: 'not_a_number', message: 'Please enter numbers only.' },
    ]);
    expect(hostile([{ Numbers: [1, 2, 3, 4, 5, 6, Number.NaN], Powerball: [1] }])[0]?.code).toBe(
      'not_a_number',
    );
  });
});
