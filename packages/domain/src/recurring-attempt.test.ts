import { describe, expect, it } from 'vitest';
import {
  belowMinimumJackpot,
  isRecurringFailureReason,
  RECURRING_HARD_FAILURES,
  RECURRING_SOFT_FAILURES,
  recurringFailureNotice,
  recurringFailureStatus,
} from './recurring-attempt.ts';

describe('recurring purchase attempts', () => {
  it('retries funds and limits; closed, unverified, withdrawn, sold out and closed draws are final', () => {
    for (const reason of RECURRING_SOFT_FAILURES) expect(recurringFailureStatus(reason)).toBe('soft_failure');
    for (const reason of RECURRING_HARD_FAILURES) expect(recurringFailureStatus(reason)).toBe('hard_failure');
    expect(recurringFailureStatus('verification_required')).toBe('hard_failure');
    expect(isRecurringFailureReason('insufficient_funds')).toBe(true);
    expect(isRecurringFailureReason('below_minimum_jackpot')).toBe(false);
  });

  it('skips a draw whose jackpot is under the minimum, or unknown while a minimum is set', () => {
    expect(belowMinimumJackpot(1_000_000_000, 2_000_000_000)).toBe(true);
    expect(belowMinimumJackpot(2_000_000_000, 2_000_000_000)).toBe(false);
    expect(belowMinimumJackpot(null, 2_000_000_000)).toBe(true);
    expect(belowMinimumJackpot(null, null)).toBe(false);
    expect(belowMinimumJackpot(5, null)).toBe(false);
  });

  it('says which draw waits and what to do', () => {
    const funds = recurringFailureNotice({
      description: 'Powerball, 10 games',
      drawNo: 1520,
      reason: 'insufficient_funds',
    });
    expect(funds.title).toBe('Your recurring purchase is waiting');
    expect(funds.message).toBe(
      'Powerball, 10 games, draw 1520: Your balance is not enough to pay for it. Add funds before the draw closes and we will try again.',
    );
    expect(funds.actions[0]?.link).toBe('/my-account/deposit');
    const closed = recurringFailureNotice({
      description: 'Gold membership',
      drawNo: null,
      reason: 'account_closed',
    });
    expect(closed.title).toBe('Your recurring purchase was not bought');
    expect(closed.message).toBe('Gold membership: Your account is closed. Nothing was charged.');
    expect(closed.actions[0]?.link).toBe('/my-account/recurring-purchases/1');
  });
});
