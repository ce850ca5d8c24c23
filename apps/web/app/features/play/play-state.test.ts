import { describe, expect, it } from 'vitest';
import {
  browserRandom,
  chosenFirstDraw,
  entrySummary,
  gameStatus,
  initialGames,
  minimumJackpotInput,
  moveToOffer,
  type PlayOffer,
  playEntry,
  quickPickGame,
  restoredPlay,
  toggleBall,
} from './play-state';

const powerball: PlayOffer = {
  key: 'powerball-standard',
  minGames: 1,
  maxGames: 50,
  defaultGames: 18,
  priceTable: [
    { games: 1, priceCents: 155 },
    { games: 2, priceCents: 310 },
  ],
  currency: 'AUD',
  numberSets: [
    { name: 'Numbers', count: 7, first: 1, last: 35 },
    { name: 'Powerball', count: 1, first: 1, last: 20 },
  ],
};

const super66: PlayOffer = {
  ...powerball,
  key: 'super-66',
  defaultGames: 1,
  numberSets: [{ name: 'Numbers', count: 6, first: 0, last: 9 }],
};

function pickAll(offer: PlayOffer, type: string, picks: Record<string, number[]>) {
  let game = initialGames(offer, type)[0] ?? {};
  for (const [set, numbers] of Object.entries(picks))
    for (const n of numbers) game = toggleBall(offer, type, game, set, n);
  return game;
}

describe('play state', () => {
  it('starts with the offer default count of empty games', () => {
    const games = initialGames(powerball, 'standard');
    expect(games).toHaveLength(18);
    expect(games[0]).toEqual({ Numbers: Array(7).fill(null), Powerball: [null] });
  });

  it('toggles balls into fixed slots, refuses an eighth number and frees a slot on unpick', () => {
    let game = pickAll(powerball, 'standard', { Numbers: [1, 2, 3, 4, 5, 6, 7] });
    expect(toggleBall(powerball, 'standard', game, 'Numbers', 8)).toBe(game);
    game = toggleBall(powerball, 'standard', game, 'Numbers', 3);
    expect(game.Numbers).toEqual([1, 2, null, 4, 5, 6, 7]);
    game = toggleBall(powerball, 'standard', game, 'Numbers', 9);
    expect(game.Numbers).toEqual([1, 2, 9, 4, 5, 6, 7]);
    expect(gameStatus(powerball, 'standard', game)).toBe('Pick 1 Powerball');
    game = toggleBall(powerball, 'standard', game, 'Powerball', 20);
    expect(gameStatus(powerball, 'standard', game)).toBe('Complete');
  });

  it('prices complete games from the table and shows the published top odds', () => {
    const complete = pickAll(powerball, 'standard', { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [1] });
    const empty = initialGames(powerball, 'standard')[0] ?? {};
    const one = entrySummary({
      offer: powerball,
      gameType: 'standard',
      lotteryKey: 'powerball',
      games: [complete, empty],
      numDraws: 1,
    });
    expect(one.completeCount).toBe(1);
    expect(one.price).toBe('$1.55');
    expect(one.topOdds).toBe('1 in 134,490,400');
    const none = entrySummary({
      offer: powerball,
      gameType: 'standard',
      lotteryKey: 'powerball',
      games: [empty],
      numDraws: 3,
    });
    expect(none.price).toBe('$0.00');
    const two = entrySummary({
      offer: powerball,
      gameType: 'standard',
      lotteryKey: 'powerball',
      games: [complete, complete],
      numDraws: 2,
    });
    expect(two.price).toBe('$6.20');
  });

  it('PowerHit picks main numbers only; Super 66 digits repeat in order', () => {
    const powerhit = { ...powerball, numberSets: [{ name: 'Numbers', count: 7, first: 1, last: 35 }] };
    expect(Object.keys(initialGames(powerhit, 'powerhit')[0] ?? {})).toEqual(['Numbers']);
    const game = pickAll(super66, 'sequential', { Numbers: [6, 6, 0, 9, 6, 1] });
    expect(game.Numbers).toEqual([6, 6, 0, 9, 6, 1]);
    expect(gameStatus(super66, 'sequential', game)).toBe('Complete');
  });

  it('quick picks fill the empty slots with distinct numbers in range', () => {
    const start = pickAll(powerball, 'standard', { Numbers: [35] });
    for (let i = 0; i < 50; i++) {
      const game = quickPickGame(powerball, 'standard', start, browserRandom);
      const numbers = game.Numbers ?? [];
      expect(numbers[0]).toBe(35);
      expect(new Set(numbers).size).toBe(7);
      expect(numbers.every((n) => n !== null && n >= 1 && n <= 35)).toBe(true);
      expect(gameStatus(powerball, 'standard', game)).toBe('Complete');
    }
  });

  it('keeps the numbers when moving to a bigger system', () => {
    const system9 = { ...powerball, key: 's9', minGames: 1, maxGames: 10, defaultGames: 1 };
    system9.numberSets = [{ name: 'Numbers', count: 9, first: 1, last: 35 }, powerball.numberSets[1]!];
    const game = pickAll(powerball, 'reduced_system', { Numbers: [4, 8, 15, 16, 23, 42 - 7, 1] });
    const [moved] = moveToOffer([game], system9, 'reduced_system');
    expect(moved?.Numbers).toEqual([4, 8, 15, 16, 23, 35, 1, null, null]);
  });
});

describe('play entry', () => {
  it('sends the complete games with lower-case set names, and waits for a complete game', () => {
    const complete = pickAll(powerball, 'standard', { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [9] });
    const empty = initialGames(powerball, 'standard')[0] ?? {};
    const none = playEntry({
      offerKey: 'powerball',
      gameType: 'standard',
      offer: powerball,
      games: [empty],
      numDraws: 2,
      autoplay: false,
    });
    expect(none.ready).toBe(false);
    const entry = playEntry({
      offerKey: 'powerball',
      gameType: 'standard',
      offer: powerball,
      games: [complete, empty],
      numDraws: 2,
      autoplay: false,
    });
    expect(entry).toEqual({
      lottery: 'powerball',
      gameType: 'standard',
      gameOffer: 'powerball-standard',
      games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [9] }],
      numDraws: 2,
      completeCount: 1,
      ready: true,
      minimumJackpotError: null,
    });
    const auto = playEntry({
      offerKey: 'powerball',
      gameType: 'random',
      offer: powerball,
      games: [],
      numDraws: 5,
      autoplay: true,
      quickPickCount: 3,
    });
    expect(auto).toMatchObject({ games: [], quickpick: true, numGames: 3, numDraws: 1, ready: true });
    expect(auto.recurringPurchase).toEqual({ type: 'autoplay', enabled: true });
  });
});

describe('the minimum jackpot of an autoplay', () => {
  const game = pickAll(powerball, 'standard', { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [8] });
  const base = { offerKey: 'powerball', gameType: 'standard', offer: powerball, games: [game], numDraws: 1 };

  it('reads what was typed as an amount, empty as none', () => {
    expect(minimumJackpotInput('20,000,000')).toEqual({
      amount: { amount: 20_000_000, currency: 'AUD' },
      error: null,
    });
    expect(minimumJackpotInput(' $5 000 000.50 ')).toEqual({
      amount: { amount: 5_000_000.5, currency: 'AUD' },
      error: null,
    });
    expect(minimumJackpotInput('  ')).toEqual({ amount: null, error: null });
    expect(minimumJackpotInput('twenty million').error).toBe('Amount must follow format e.g: 1.50');
    expect(minimumJackpotInput('1.505').error).toBe('Amount must follow format e.g: 1.50');
    expect(minimumJackpotInput('-5').amount).toBeNull();
  });

  it('goes with autoplay only, and an entry whose minimum is not an amount names why', () => {
    const auto = playEntry({ ...base, autoplay: true, minimumJackpot: '20000000' });
    expect(auto).toMatchObject({
      recurringPurchase: { type: 'autoplay', enabled: true },
      minimumJackpotAmount: { amount: 20_000_000, currency: 'AUD' },
      minimumJackpotError: null,
      ready: true,
    });
    const once = playEntry({ ...base, autoplay: false, minimumJackpot: '20000000' });
    expect(once).not.toHaveProperty('minimumJackpotAmount');
    expect(once.minimumJackpotError).toBeNull();
    const none = playEntry({ ...base, autoplay: true, minimumJackpot: '' });
    expect(none).not.toHaveProperty('minimumJackpotAmount');
    const bad = playEntry({ ...base, autoplay: true, minimumJackpot: '20m' });
    expect(bad).not.toHaveProperty('minimumJackpotAmount');
    expect(bad.minimumJackpotError).toBe('Amount must follow format e.g: 1.50');
  });
});

describe('draw fields of the entry', () => {
  const game = pickAll(powerball, 'standard', { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [8] });
  const base = { offerKey: 'monday-wednesday-lotto', gameType: 'standard', offer: powerball, games: [game] };

  it('is not ready until a day is chosen where the lottery needs one, and sends the day', () => {
    const none = playEntry({ ...base, numDraws: 1, autoplay: false, day: null, dayRequired: true });
    expect(none.ready).toBe(false);
    expect(none).not.toHaveProperty('day');
    const wednesday = playEntry({
      ...base,
      numDraws: 1,
      autoplay: false,
      day: 'wednesday',
      dayRequired: true,
    });
    expect(wednesday).toMatchObject({ ready: true, day: 'wednesday' });
  });

  it('sends the first draw and the cause when chosen', () => {
    const entry = playEntry({ ...base, numDraws: 2, autoplay: false, firstDrawNo: 1524, causeKey: 'kids' });
    expect(entry).toMatchObject({ firstDrawNo: 1524, causeKey: 'kids', ready: true });
  });

  it('takes ?firstDrawNo= only for a draw on sale', () => {
    const draws = [{ drawNo: 10 }, { drawNo: 11 }];
    expect(chosenFirstDraw(draws, '11')).toEqual({ drawNo: 11 });
    expect(chosenFirstDraw(draws, '9')).toBeNull();
    expect(chosenFirstDraw(draws, '11abc')).toBeNull();
    expect(chosenFirstDraw(draws, null)).toBeNull();
  });
});

describe('editing a cart item', () => {
  const item = {
    id: 'item-1',
    gameType: 'standard',
    gameOffer: 'powerball-standard',
    games: [
      { numbers: [7, 12, 19, 23, 28, 31, 35], powerball: [4] },
      { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 9 },
    ],
    numDraws: 3,
    autoplay: false,
    day: null,
    drawNo: 1500,
    causeKey: null,
  };

  it('starts the panel from the item: games as slots, draws, first draw', () => {
    const start = restoredPlay([powerball], 'standard', item);
    expect(start).toMatchObject({
      gameOfferKey: 'powerball-standard',
      drawChoice: '3',
      firstDrawNo: 1500,
      games: [
        { Numbers: [7, 12, 19, 23, 28, 31, 35], Powerball: [4] },
        { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [9] },
      ],
    });
    expect(restoredPlay([powerball], 'standard', { ...item, autoplay: true, numDraws: 1 })?.drawChoice).toBe(
      'autoplay',
    );
    expect(start?.minimumJackpot).toBe('');
  });

  it('keeps the autoplay minimum jackpot as the field shows it', () => {
    const start = restoredPlay([powerball], 'standard', {
      ...item,
      autoplay: true,
      numDraws: 1,
      minimumJackpotAmount: { amount: 35_000_000.5, currency: 'AUD' },
    });
    expect(start).toMatchObject({ drawChoice: 'autoplay', minimumJackpot: '35000000.5' });
  });

  it('belongs to its own game type and offer only', () => {
    expect(restoredPlay([powerball], 'reduced_system', item)).toBeUndefined();
    expect(restoredPlay([powerball], 'standard', { ...item, gameOffer: 'other' })).toBeUndefined();
  });
});
