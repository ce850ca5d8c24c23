import { describe, expect, it } from 'vitest';
import {
  BELOW_MINIMUM_JACKPOT,
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

  it('retries a declined card, an unreachable gateway and the deposit limit; an expired, removed or 3-D Secure card is final', () => {
    for (const reason of ['card_declined', 'gateway_unavailable', 'deposit_limit'] as const) {
      expect(isRecurringFailureReason(reason)).toBe(true);
      expect(recurringFailureStatus(reason)).toBe('soft_failure');
    }
    for (const reason of ['card_expired', 'payment_method_unavailable', 'authentication_required'] as const) {
      expect(isRecurringFailureReason(reason)).toBe(true);
      expect(recurringFailureStatus(reason)).toBe('hard_failure');
    }
    expect(isRecurringFailureReason(BELOW_MINIMUM_JACKPOT)).toBe(false);
    expect(isRecurringFailureReason('card_lost')).toBe(false);
  });

  it('tells why the saved card did not pay and where to mend it', () => {
    const notice = (reason: Parameters<typeof recurringFailureNotice>[0]['reason']) =>
      recurringFailureNotice({ description: 'Powerball, 1 game', drawNo: 1520, reason });
    const expired = notice('card_expired');
    expect(expired.title).toBe('Your recurring purchase was not bought');
    expect(expired.message).toBe(
      'Powerball, 1 game, draw 1520: The card you chose for recurring purchases has expired. Nothing was charged: add a new card and choose it, or choose the wallet.',
    );
    expect(expired.actions[0]?.link).toBe('/my-account/cards-and-accounts');
    const declined = notice('card_declined');
    expect(declined.title).toBe('Your recurring purchase is waiting');
    expect(declined.message).toContain('Your saved card was declined. We will try it again');
    expect(declined.actions[0]?.link).toBe('/my-account/deposit');
    expect(notice('authentication_required').message).toContain('3-D Secure');
    expect(notice('authentication_required').actions[0]?.link).toBe('/my-account/recurring-purchases/1');
    expect(notice('payment_method_unavailable').actions[0]?.link).toBe('/my-account/recurring-purchases/1');
    expect(notice('deposit_limit').title).toBe('Your recurring purchase is waiting');
    expect(notice('deposit_limit').actions[0]?.link).toBe('/my-account/spend-limits');
    expect(notice('gateway_unavailable').message).toContain('could not reach the card payment service');
  });
});
