import { describe, expect, it } from 'vitest';
import { addBusinessDays, expectedArrival } from './payout-arrival.ts';

// Friday 27 November 2026, 10:00 in Sydney (23:00 UTC the day before).
const friday = new Date('2026-11-26T23:00:00Z');

describe('addBusinessDays', () => {
  it('skips the weekend in Sydney', () => {
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2026-11-29T23:00:00.000Z'); // Monday
    expect(addBusinessDays(friday, 5).toISOString()).toBe('2026-12-03T23:00:00.000Z'); // next Friday
  });

  it('a weekday moves on by weekdays', () => {
    const monday = new Date('2026-11-29T23:00:00Z');
    expect(addBusinessDays(monday, 2).toISOString()).toBe('2026-12-01T23:00:00.000Z'); // Wednesday
  });
});

describe('expectedArrival', () => {
  it('an instant payment within a minute', () => {
    const arrival = expectedArrival('instant', friday);
    expect(arrival.by.getTime() - friday.getTime()).toBe(60_000);
    expect(arrival.text).toBe('Within seconds (an instant payment): by 27 November 2026 at 10:01 am');
  });

  it('a bank transfer in 2 business days, a card refund in 5', () => {
    expect(expectedArrival('standard', friday).text).toBe('By Tuesday 1 December (2 business days)');
    expect(expectedArrival('card', friday).text).toBe(
      'By Friday 4 December (5 business days, as your card issuer shows refunds)',
    );
  });
});
