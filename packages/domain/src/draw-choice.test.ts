import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawCountChoices,
  isCauseRequired,
  isDayRequired,
  resolveNumDraws,
  scheduledDrawsFailure,
  scheduledDrawsFrom,
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

describe('validateDrawChoice', () => {
  const mondayWednesday = {
    kind: 'lottery' as const,
    weekdays: [1, 3],
    linked: false,
    causeKeys: [],
    recurring: { type: 'autoplay', availability: 'optional' as const },
  };
  it('accepts a day the lottery draws on, requiring one where the days are a choice', () => {
    expect(validateDrawChoice({ numDraws: 2, day: 'wednesday' }, mondayWednesday)).toEqual([]);
    expect(validateDrawChoice({ numDraws: 2 }, mondayWednesday)).toEqual([
      { path: 'day', code: 'required', message: 'Choose a draw day.' },
    ]);
    expect(validateDrawChoice({ numDraws: 2, day: 'friday' }, mondayWednesday)).toEqual([
      { path: 'day', code: 'invalid', message: 'Choose a draw day of this lottery: monday, wednesday.' },
    ]);
    // A lottery drawn on one weekday (or riding others' draws) has no day choice: none is needed,
    // and only its own weekday is a day it draws on.
    const thursday = { ...mondayWednesday, weekdays: [4] };
    expect(validateDrawChoice({ numDraws: 1 }, thursday)).toEqual([]);
    expect(validateDrawChoice({ numDraws: 1, day: 'thursday' }, thursday)).toEqual([]);
    expect(validateDrawChoice({ numDraws: 1, day: 'monday' }, thursday).map((f) => f.path)).toEqual(['day']);
    expect(validateDrawChoice({ numDraws: 1 }, { ...mondayWednesday, linked: true })).toEqual([]);
  });
  it("requires one of the offer's causes where it has causes and refuses one where it has none", () => {
    const withCauses = { ...mondayWednesday, weekdays: [4], causeKeys: ['kids', 'cats'] };
    expect(validateDrawChoice({ numDraws: 1, causeKey: 'cats' }, withCauses)).toEqual([]);
    expect(validateDrawChoice({ numDraws: 1 }, withCauses)).toEqual([
      { path: 'cause_key', code: 'required', message: 'Choose one of the causes of this lottery.' },
    ]);
    expect(validateDrawChoice({ numDraws: 1, causeKey: 'dogs' }, withCauses)).toEqual([
      { path: 'cause_key', code: 'invalid', message: 'Choose one of the causes of this lottery.' },
    ]);
    expect(validateDrawChoice({ numDraws: 1, day: 'monday', causeKey: 'kids' }, mondayWednesday)).toEqual([
      { path: 'cause_key', code: 'invalid', message: 'This lottery has no causes.' },
    ]);
  });
  it('takes a recurring purchase only of the type offered, and autoplay one draw at a time', () => {
    const autoplay = { type: 'autoplay', enabled: true };
    const item = { numDraws: 1, day: 'monday', recurringPurchase: autoplay };
    expect(validateDrawChoice(item, mondayWednesday)).toEqual([]);
    expect(validateDrawChoice({ ...item, numDraws: 3 }, mondayWednesday)).toEqual([
      { path: 'num_draws', code: 'invalid', message: 'Autoplay buys one draw at a time: choose 1 draw.' },
    ]);
    // Not enabled, it asks for nothing.
    expect(
      validateDrawChoice(
        { ...item, numDraws: 3, recurringPurchase: { ...autoplay, enabled: false } },
        mondayWednesday,
      ),
    ).toEqual([]);
    for (const recurring of [null, { type: 'autoplay', availability: 'never' as const }]) {
      expect(validateDrawChoice(item, { ...mondayWednesday, recurring })).toEqual([
        {
          path: 'recurring_purchase',
          code: 'invalid',
          message: 'This game does not offer this recurring purchase.',
        },
      ]);
    }
    expect(
      validateDrawChoice(
        { numDraws: 1, recurringPurchase: { type: 'subscription', enabled: true } },
        {
          kind: 'syndicate',
          recurring: { type: 'autoplay', availability: 'optional' },
        },
      ),
    ).toEqual([
      {
        path: 'recurring_purchase',
        code: 'invalid',
        message: 'This syndicate does not offer this recurring purchase.',
      },
    ]);
  });
  it('lets a raffle be subscribed to only when its offer takes subscriptions', () => {
    const subscribe = { numDraws: 1, recurringPurchase: { type: 'subscription', enabled: true } };
    const refused = [
      {
        path: 'recurring_purchase',
        code: 'invalid',
        message: 'This raffle does not offer this recurring purchase.',
      },
    ];
    const optional = { type: 'subscription', availability: 'optional' as const };
    expect(validateDrawChoice(subscribe, { kind: 'raffle', recurring: optional })).toEqual([]);
    for (const recurring of [null, { type: 'subscription', availability: 'never' as const }]) {
      expect(validateDrawChoice(subscribe, { kind: 'raffle', recurring })).toEqual(refused);
    }
    const autoplay = { numDraws: 1, recurringPurchase: { type: 'autoplay', enabled: true } };
    expect(validateDrawChoice(autoplay, { kind: 'raffle', recurring: optional })).toEqual(refused);
    const off = { numDraws: 1, recurringPurchase: { type: 'subscription', enabled: false } };
    expect(validateDrawChoice(off, { kind: 'raffle', recurring: null })).toEqual([]);
  });
  it('checks no day or cause of a syndicate item', () => {
    const syndicate = { kind: 'syndicate' as const, recurring: null };
    expect(validateDrawChoice({ numDraws: 4, day: 'someday', causeKey: 'x' }, syndicate)).toEqual([]);
  });
});

describe('scheduledDrawsFailure', () => {
  it('takes an entry for up to the draws scheduled from its first draw, and refuses more on num_draws', () => {
    const open = [{ drawNo: 7 }, { drawNo: 8 }, { drawNo: 9 }, { drawNo: 10 }, { drawNo: 11 }];
    expect(scheduledDrawsFrom(open, 7)).toBe(5);
    expect(scheduledDrawsFrom(open, 9)).toBe(3);
    expect(scheduledDrawsFailure(5, 5)).toBeNull();
    expect(scheduledDrawsFailure(1, 1)).toBeNull();
    expect(scheduledDrawsFailure(10, 5)).toEqual({
      path: 'num_draws',
      code: 'not_scheduled',
      message: 'Only 5 draws are scheduled from this draw: choose from 1 to 5 draws.',
    });
    expect(scheduledDrawsFailure(52, 1)?.message).toBe(
      'Only 1 draw is scheduled from this draw: choose 1 draw.',
    );
  });
});
