import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCartBlockers,
  canAddToCart,
  drawCountChoices,
  isCauseRequired,
  isDayRequired,
  resolveNumDraws,
  selectableDays,
  selectableWeekdays,
  validateDrawChoice,
} from './draw-choice.ts';
import { LOTTERY_KEYS } from './games.ts';

describe('number of draws', () => {
  it('offers 1 to the maximum and autoplay', () => {
    expect(drawCountChoices(3)).toEqual([1, 2, 3, 'autoplay']);
    expect(drawCountChoices(2, 'never')).toEqual([1, 2]);
    expect(() => drawCountChoices(0)).toThrow(RangeError);
  });
  it('autoplay is one draw with recurring purchase enabled', () => {
    expect(resolveNumDraws('autoplay', 10)).toEqual({
      ok: true,
      numDraws: 1,
      recurringPurchase: { type: 'autoplay', enabled: true },
    });
    expect(resolveNumDraws('autoplay', 10, 'never').ok).toBe(false);
    expect(resolveNumDraws(4, 10)).toEqual({
      ok: true,
      numDraws: 4,
      recurringPurchase: { type: 'autoplay', enabled: false },
    });
  });
  it('refuses counts out of range, fractions and strings', () => {
    for (const bad of [0, 11, 2.5, '3', null, 1e9, Number.NaN]) {
      expect(resolveNumDraws(bad, 10)).toEqual({ ok: false, message: 'Choose from 1 to 10 draws.' });
    }
  });
  it('property: every whole number from 1 to the maximum is accepted as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (n, max) => {
        const r = resolveNumDraws(n, max);
        expect(r.ok).toBe(n <= max);
        if (r.ok) expect(r.numDraws).toBe(n);
      }),
    );
  });
});

describe('days and causes', () => {
  it('only Monday & Wednesday Lotto has a day choice', () => {
    expect(selectableDays('monday-wednesday-lotto')).toEqual(['monday', 'wednesday']);
    for (const key of LOTTERY_KEYS) {
      expect(isDayRequired(key)).toBe(key === 'monday-wednesday-lotto');
    }
  });
  it('reads a timetable: two to six weekdays of an unlinked lottery are a choice', () => {
    expect(selectableWeekdays([3, 1, 1], false)).toEqual(['monday', 'wednesday']);
    expect(selectableWeekdays([7, 6], false)).toEqual(['sunday', 'saturday']);
    expect(selectableWeekdays([4], false)).toEqual([]);
    expect(selectableWeekdays([0, 1, 2, 3, 4, 5, 6], false)).toEqual([]);
    expect(selectableWeekdays([1, 3], true)).toEqual([]);
  });
  it('a cause is required when the offer has causes', () => {
    expect(isCauseRequired([{ key: 'splash_for_good' }])).toBe(true);
    expect(isCauseRequired([])).toBe(false);
    expect(isCauseRequired(undefined)).toBe(false);
  });
});

describe('canAddToCart', () => {
  const ready = {
    completeGames: 2,
    minGames: 1,
    dayRequired: true,
    day: 'monday',
    causeRequired: true,
    causeKey: 'splash_for_good',
    signedIn: false,
    anonymousCartRef: 'abc',
  };
  it('needs games, day, cause and a cart', () => {
    expect(canAddToCart(ready)).toBe(true);
    expect(canAddToCart({ ...ready, anonymousCartRef: null, signedIn: true })).toBe(true);
    expect(
      addToCartBlockers({ ...ready, completeGames: 0, day: null, causeKey: '', anonymousCartRef: null }),
    ).toEqual([
      { field: 'games', message: 'Complete at least 1 game.' },
      { field: 'day', message: 'Choose a draw day.' },
      { field: 'cause_key', message: 'Choose a cause to support.' },
      { field: 'cart', message: 'Sign in or start a cart to add tickets.' },
    ]);
    expect(canAddToCart({ ...ready, completeGames: 2, minGames: 3 })).toBe(false);
    expect(
      canAddToCart({ ...ready, dayRequired: false, day: null, causeRequired: false, causeKey: null }),
    ).toBe(true);
  });
});

describe('validateDrawChoice', () => {
  it('checks draws, day and cause', () => {
    const offer = { lotteryKey: 'monday-wednesday-lotto' as const, maxDraws: 10, causeKeys: ['kids'] };
    expect(validateDrawChoice({ num_draws: 2, day: 'wednesday', cause_key: 'kids' }, offer)).toEqual([]);
    expect(
      validateDrawChoice({ num_draws: 20, day: 'friday', cause_key: 'cats' }, offer).map((f) => f.path),
    ).toEqual(['num_draws', 'day', 'cause_key']);
    expect(validateDrawChoice({ num_draws: 'autoplay' }, { lotteryKey: 'powerball', maxDraws: 10 })).toEqual(
      [],
    );
  });
});
