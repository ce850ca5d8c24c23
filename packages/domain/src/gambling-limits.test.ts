import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  calendarPeriod,
  changeLimit,
  exceededAmount,
  firstLimitPassed,
  LIMIT_INCREASE_DELAY_MS,
  limitInForce,
  limitRefusalMessage,
  limitWaiting,
  remainingUnder,
  type StoredLimit,
  spentFromDays,
} from './gambling-limits.ts';

const none: StoredLimit = {
  amountCents: null,
  pendingAmountCents: null,
  pendingRemoval: false,
  pendingFrom: null,
};
const limit = (amountCents: number): StoredLimit => ({ ...none, amountCents });

describe('exceededAmount', () => {
  it('is amount - (limit - spent)', () => {
    expect(exceededAmount(5000, 10000, 7000)).toBe(2000);
    expect(exceededAmount(3000, 10000, 7000)).toBe(0);
    expect(exceededAmount(1000, 10000, 7000)).toBe(-2000);
    // Already over (a limit lowered below what was spent): the whole amount and more.
    expect(exceededAmount(100, 1000, 1500)).toBe(600);
  });

  it('a spend fits exactly when spent + amount <= limit', () => {
    fc.assert(
      fc.property(fc.nat(10 ** 9), fc.nat(10 ** 9), fc.nat(10 ** 9), (amount, lim, spent) => {
        expect(exceededAmount(amount, lim, spent) <= 0).toBe(spent + amount <= lim);
      }),
    );
  });

  it('remaining never goes below zero', () => {
    expect(remainingUnder(10000, 2500)).toBe(7500);
    expect(remainingUnder(10000, 12500)).toBe(0);
  });
});

describe('calendarPeriod (Sydney clock)', () => {
  it('a day runs from Sydney midnight', () => {
    // 2026-03-10 14:00 UTC is 2026-03-11 01:00 in Sydney (daylight time, +11).
    const { start, end } = calendarPeriod('daily', new Date('2026-03-10T14:00:00Z'));
    expect(start.toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-11T13:00:00.000Z');
  });

  it('a week runs from Monday midnight', () => {
    // Sunday 2026-06-14 in Sydney (+10): the week began Monday 2026-06-08.
    const { start, end } = calendarPeriod('weekly', new Date('2026-06-14T03:00:00Z'));
    expect(start.toISOString()).toBe('2026-06-07T14:00:00.000Z');
    expect(end.toISOString()).toBe('2026-06-14T14:00:00.000Z');
  });

  it('a month runs from the 1st, across the year end and daylight saving', () => {
    const dec = calendarPeriod('monthly', new Date('2026-12-20T00:00:00Z'));
    expect(dec.start.toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(dec.end.toISOString()).toBe('2026-12-31T13:00:00.000Z');
    // April: daylight time ends on the 5th, so the month starts at +11 and ends at +10.
    const apr = calendarPeriod('monthly', new Date('2026-04-15T00:00:00Z'));
    expect(apr.start.toISOString()).toBe('2026-03-31T13:00:00.000Z');
    expect(apr.end.toISOString()).toBe('2026-04-30T14:00:00.000Z');
  });

  it('always holds the instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
        (now, period) => {
          const { start, end } = calendarPeriod(period, now);
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(end.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});

describe('changeLimit', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const later = new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS);

  it('a first limit and a decrease apply at once', () => {
    expect(changeLimit(undefined, 5000, now)).toEqual(limit(5000));
    expect(changeLimit(limit(5000), 2000, now)).toEqual(limit(2000));
  });

  it('an increase waits seven days; the old limit stays in force until then', () => {
    const changed = changeLimit(limit(5000), 9000, now);
    expect(changed).toEqual({
      amountCents: 5000,
      pendingAmountCents: 9000,
      pendingRemoval: false,
      pendingFrom: later,
    });
    expect(limitInForce(changed, now)).toBe(5000);
    expect(limitWaiting(changed, now)).toEqual({ amountCents: 9000, from: later });
    expect(limitInForce(changed, later)).toBe(9000);
    expect(limitWaiting(changed, later)).toBeNull();
  });

  it('a removal waits seven days too', () => {
    const changed = changeLimit(limit(5000), null, now);
    expect(changed.pendingRemoval).toBe(true);
    expect(limitInForce(changed, now)).toBe(5000);
    expect(limitInForce(changed, later)).toBeNull();
  });

  it('a decrease drops a waiting increase', () => {
    const raised = changeLimit(limit(5000), 9000, now);
    expect(changeLimit(raised, 4000, now)).toEqual(limit(4000));
  });

  it('a raise after the wait starts from the limit then in force', () => {
    const raised = changeLimit(limit(5000), 9000, now);
    const again = changeLimit(raised, 12000, later);
    expect(again.amountCents).toBe(9000);
    expect(again.pendingAmountCents).toBe(12000);
  });

  it('removing no limit is nothing', () => {
    expect(changeLimit(undefined, null, now)).toEqual(none);
  });
});

describe('limit refusals', () => {
  it('finds the first limit passed', () => {
    const checks = [
      { code: 'spend_limit' as const, period: 'daily' as const, limit: 10000, used: 2000 },
      { code: 'global_spend_limit' as const, period: 'weekly' as const, limit: 5000, used: 4000 },
    ];
    expect(firstLimitPassed(checks, 1000)).toBeUndefined();
    expect(firstLimitPassed(checks, 1500)?.code).toBe('global_spend_limit');
    expect(firstLimitPassed(checks, 9000)?.code).toBe('spend_limit');
  });

  it('messages name the amount, the limit, what was used and the excess', () => {
    expect(
      limitRefusalMessage({ code: 'spend_limit', period: 'daily', limit: 10000, used: 7000 }, 5000),
    ).toBe(
      'This purchase of $50.00 is $20.00 over your daily spend limit of $100.00: you have spent $70.00 today, so $30.00 is left.',
    );
    expect(limitRefusalMessage({ code: 'deposit_limit', limit: 20000, used: 15000 }, 10000)).toBe(
      'This deposit of $100.00 is $50.00 over your weekly deposit limit of $200.00: you have deposited $150.00 in the last 7 days, so $50.00 is left.',
    );
    expect(
      limitRefusalMessage({ code: 'verify_account_required', limit: 50000, used: 50000 }, 100),
    ).toContain('capped at $500.00');
    expect(
      limitRefusalMessage({ code: 'global_spend_limit', period: 'monthly', limit: 100, used: 0 }, 200),
    ).toContain('the monthly spend limit for every account');
    expect(limitRefusalMessage({ code: 'precommitment_limit', limit: 100, used: 0 }, 200)).toContain(
      'precommitment limit of $1.00 a month',
    );
  });
});

describe('spend by Sydney calendar day', () => {
  it('counts an instant on its Sydney day', () => {
    // 2026-03-10 13:30 UTC is 00:30 on the 11th in Sydney (+11); 12:59 UTC is still the 10th.
    expect(calendarDay(new Date('2026-03-10T13:30:00Z'))).toBe('2026-03-11');
    expect(calendarDay(new Date('2026-03-10T12:59:59Z'))).toBe('2026-03-10');
  });

  it("sums the days from each period's first day, refunds taking off", () => {
    const now = new Date('2026-06-14T03:00:00Z'); // Sunday the 14th in Sydney
    const starts = (['daily', 'weekly', 'monthly'] as const).map((p) => calendarPeriod(p, now).start);
    const days = [
      { day: '2026-05-31', cents: 9_000 }, // last month
      { day: '2026-06-01', cents: 1_000 },
      { day: '2026-06-08', cents: 500 }, // Monday: this week
      { day: '2026-06-14', cents: 300 },
      { day: '2026-06-14', cents: -100 },
    ];
    expect(spentFromDays(days, starts)).toEqual([200, 700, 1_700]);
  });

  it("a period's sum of days is the sum of the spends made since its start", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.date({ min: new Date('2026-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
            cents: fc.integer({ min: -5_000, max: 5_000 }),
          }),
          { maxLength: 30 },
        ),
        fc.date({ min: new Date('2026-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
        fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
        (spends, now, period) => {
          const { start } = calendarPeriod(period, now);
          const days = spends.map((s) => ({ day: calendarDay(s.at), cents: s.cents }));
          const since = spends.filter((s) => s.at >= start).reduce((sum, s) => sum + s.cents, 0);
          expect(spentFromDays(days, [start])).toEqual([since]);
        },
      ),
    );
  });
});
