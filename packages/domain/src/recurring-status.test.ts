import { describe, expect, it } from 'vitest';
import {
  billingPeriodKey,
  canMoveRecurring,
  frequencyLabel,
  isRecurringStatus,
  MAX_MINIMUM_JACKPOT_CENTS,
  minimumJackpotRefusal,
  nextBillingPeriod,
  RECURRING_STATUS_VALUES,
  RECURRING_TRANSITIONS,
  recurringStatusRefusal,
  sydneyMonthKey,
} from './recurring-status.ts';

const NOW = new Date('2026-11-24T08:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('recurring purchase status table', () => {
  it('allows exactly the moves of the table', () => {
    const allowed = new Set([
      'active>paused',
      'active>timed_paused',
      'active>cancelled',
      'paused>active',
      'paused>timed_paused',
      'paused>cancelled',
      'timed_paused>active',
      'timed_paused>paused',
      'timed_paused>cancelled',
    ]);
    for (const from of RECURRING_STATUS_VALUES) {
      for (const to of RECURRING_STATUS_VALUES) {
        expect(canMoveRecurring(from, to), `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
      }
    }
    expect(RECURRING_TRANSITIONS.cancelled).toEqual([]);
  });

  it('knows its statuses', () => {
    expect(isRecurringStatus('timed_paused')).toBe(true);
    expect(isRecurringStatus('suspended')).toBe(false);
  });

  it('accepts every allowed move with what it needs', () => {
    expect(recurringStatusRefusal('active', 'paused', null, NOW)).toBeNull();
    expect(recurringStatusRefusal('active', 'cancelled', null, NOW)).toBeNull();
    expect(recurringStatusRefusal('paused', 'active', null, NOW)).toBeNull();
    expect(recurringStatusRefusal('timed_paused', 'active', null, NOW)).toBeNull();
    expect(recurringStatusRefusal('timed_paused', 'paused', null, NOW)).toBeNull();
    expect(recurringStatusRefusal('active', 'timed_paused', inDays(7), NOW)).toBeNull();
    expect(recurringStatusRefusal('paused', 'timed_paused', inDays(365), NOW)).toBeNull();
  });

  it('refuses a cancelled one any change, and moves outside the table', () => {
    expect(recurringStatusRefusal('cancelled', 'active', null, NOW)).toBe(
      'A cancelled recurring purchase cannot be changed.',
    );
    expect(recurringStatusRefusal('cancelled', 'timed_paused', inDays(3), NOW)).toMatch(/cancelled/);
    expect(recurringStatusRefusal('active', 'active', null, NOW)).toBe(
      'A recurring purchase that is active cannot become active.',
    );
    expect(recurringStatusRefusal('timed_paused', 'timed_paused', inDays(3), NOW)).toMatch(/cannot become/);
  });

  it('refuses a timed pause without a date, in the past, now, or more than a year ahead', () => {
    expect(recurringStatusRefusal('active', 'timed_paused', null, NOW)).toBe(
      'Choose the date the pause ends.',
    );
    expect(recurringStatusRefusal('active', 'timed_paused', new Date('nope'), NOW)).toBe(
      'Choose the date the pause ends.',
    );
    expect(recurringStatusRefusal('active', 'timed_paused', inDays(-1), NOW)).toBe(
      'The pause must end in the future.',
    );
    expect(recurringStatusRefusal('active', 'timed_paused', NOW, NOW)).toBe(
      'The pause must end in the future.',
    );
    expect(recurringStatusRefusal('active', 'timed_paused', inDays(367), NOW)).toBe(
      'A pause can last at most one year.',
    );
    expect(recurringStatusRefusal('active', 'timed_paused', inDays(3 * 365), NOW)).toMatch(/one year/);
  });

  it('refuses a date on any other move', () => {
    expect(recurringStatusRefusal('active', 'paused', inDays(3), NOW)).toBe(
      'Only a pause until a date takes a date.',
    );
    expect(recurringStatusRefusal('timed_paused', 'active', inDays(3), NOW)).toMatch(/Only a pause/);
  });
});

describe('frequency label', () => {
  it('reads Monthly for a monthly offer, before anything else', () => {
    expect(
      frequencyLabel({ type: 'subscription', productType: 'membership', billingPeriod: 'monthly' }),
    ).toBe('Monthly');
    expect(frequencyLabel({ type: 'subscription', productType: 'raffle_ticket', period: 'monthly' })).toBe(
      'Monthly',
    );
    expect(
      frequencyLabel({
        type: 'autoplay',
        productType: 'lottery_ticket',
        period: 'monthly',
        minimumJackpotCents: 2_000_000_000,
      }),
    ).toBe('Monthly');
  });

  it('reads Every draw for a raffle', () => {
    expect(frequencyLabel({ type: 'subscription', productType: 'raffle_ticket' })).toBe('Every draw');
    expect(
      frequencyLabel({ type: 'subscription', productType: 'raffle_ticket', minimumJackpotCents: 100 }),
    ).toBe('Every draw');
  });

  it('reads the minimum jackpot as its headline when one is set', () => {
    expect(
      frequencyLabel({ type: 'autoplay', productType: 'lottery_ticket', minimumJackpotCents: 2_000_000_000 }),
    ).toBe('Jackpots $20 million and over');
    expect(
      frequencyLabel({ type: 'autoplay', productType: 'lottery_ticket', minimumJackpotCents: 150_000_000 }),
    ).toBe('Jackpots $1.5 million and over');
    expect(
      frequencyLabel({ type: 'autoplay', productType: 'syndicate_share', minimumJackpotCents: 50_000_000 }),
    ).toBe('Jackpots $500,000 and over');
  });

  it('reads Weekly otherwise: no, zero or a negative minimum', () => {
    expect(frequencyLabel({ type: 'autoplay', productType: 'lottery_ticket' })).toBe('Weekly');
    expect(frequencyLabel({ type: 'autoplay', productType: 'lottery_ticket', minimumJackpotCents: 0 })).toBe(
      'Weekly',
    );
    expect(frequencyLabel({ type: 'autoplay', productType: 'lottery_ticket', minimumJackpotCents: -5 })).toBe(
      'Weekly',
    );
    expect(
      frequencyLabel({ type: 'subscription', productType: 'membership', billingPeriod: 'annually' }),
    ).toBe('Weekly');
  });
});

describe('minimum jackpot', () => {
  it('accepts a positive whole amount up to $500 million', () => {
    expect(minimumJackpotRefusal(1)).toBeNull();
    expect(minimumJackpotRefusal(2_000_000_000)).toBeNull();
    expect(minimumJackpotRefusal(MAX_MINIMUM_JACKPOT_CENTS)).toBeNull();
  });

  it('refuses zero, negative, fractional and absurd amounts', () => {
    expect(minimumJackpotRefusal(0)).toBe('The minimum jackpot must be more than $0.');
    expect(minimumJackpotRefusal(-100)).toBe('The minimum jackpot must be more than $0.');
    expect(minimumJackpotRefusal(10.5)).toBe('The minimum jackpot must be a whole amount in cents.');
    expect(minimumJackpotRefusal(Number.NaN)).toMatch(/whole amount/);
    expect(minimumJackpotRefusal(MAX_MINIMUM_JACKPOT_CENTS + 1)).toBe(
      'The minimum jackpot can be at most $500 million.',
    );
  });
});

describe('membership billing periods', () => {
  it('keys a period by its Sydney month', () => {
    // 14:00 UTC on 30 November is already 1 December in Sydney.
    expect(sydneyMonthKey(new Date('2026-11-30T14:00:00Z'))).toBe('2026-12');
    expect(sydneyMonthKey(new Date('2026-11-30T12:00:00Z'))).toBe('2026-11');
  });

  it('counts periods from the month the membership began', () => {
    const started = new Date('2026-02-10T00:00:00Z');
    expect(billingPeriodKey('monthly', started, new Date('2026-07-15T00:00:00Z'))).toBe('2026-07');
    expect(billingPeriodKey('quarterly', started, new Date('2026-04-30T00:00:00Z'))).toBe('2026-02');
    expect(billingPeriodKey('quarterly', started, new Date('2026-05-01T00:00:00Z'))).toBe('2026-05');
    expect(billingPeriodKey('biannually', started, new Date('2027-01-20T00:00:00Z'))).toBe('2026-08');
    expect(billingPeriodKey('annually', started, new Date('2027-01-31T00:00:00Z'))).toBe('2026-02');
    expect(billingPeriodKey('annually', started, new Date('2027-02-01T00:00:00Z'))).toBe('2027-02');
    expect(billingPeriodKey('monthly', started, new Date('2026-01-01T00:00:00Z'))).toBe('2026-02');
  });

  it('gives the next period, across years', () => {
    expect(nextBillingPeriod('monthly', '2026-12')).toBe('2027-01');
    expect(nextBillingPeriod('quarterly', '2026-11')).toBe('2027-02');
    expect(nextBillingPeriod('biannually', '2026-03')).toBe('2026-09');
    expect(nextBillingPeriod('annually', '2026-12')).toBe('2027-12');
    expect(() => nextBillingPeriod('monthly', '2026-13')).toThrow();
  });
});
