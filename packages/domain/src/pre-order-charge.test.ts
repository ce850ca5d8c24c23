import { describe, expect, it } from 'vitest';
import {
  accountRefusal,
  isPreOrderFailureReason,
  PRE_ORDER_HARD_FAILURES,
  PRE_ORDER_SOFT_FAILURES,
  preOrderBoughtNotice,
  preOrderFailureNotice,
  preOrderFailureStatus,
} from './pre-order-charge.ts';

describe('pre-order charge failures', () => {
  it('tries funds and limits again; sold out, withdrawn, closed accounts and closed draws are final', () => {
    for (const reason of PRE_ORDER_SOFT_FAILURES) expect(preOrderFailureStatus(reason)).toBe('soft_failure');
    for (const reason of PRE_ORDER_HARD_FAILURES) expect(preOrderFailureStatus(reason)).toBe('hard_failure');
    expect(isPreOrderFailureReason('spend_limit')).toBe(true);
    expect(isPreOrderFailureReason('deposit_limit')).toBe(false);
  });

  it('refuses a closed account for good and only waits while support holds one', () => {
    expect(accountRefusal('active')).toBeNull();
    expect(accountRefusal('closed')).toBe('account_closed');
    expect(accountRefusal('locked')).toBe('account_on_hold');
    expect(preOrderFailureStatus('account_on_hold')).toBe('soft_failure');
    expect(preOrderFailureStatus('account_closed')).toBe('hard_failure');
    const held = preOrderFailureNotice({
      description: 'Powerball 1 game',
      drawNo: 1520,
      reason: 'account_on_hold',
    });
    expect(held.title).toBe('Your pre-order is waiting');
    expect(held.message).toMatch(/draw 1520: Your account is on hold, so nothing was charged\. Contact us/);
    expect(held.actions[0]).toMatchObject({ id: 'contact-us', link: '/about/contact-us' });
  });

  it('says which draw waits and how to fix it, or that nothing was charged', () => {
    const funds = preOrderFailureNotice({
      description: 'Powerball 1 game',
      drawNo: 1520,
      reason: 'insufficient_funds',
    });
    expect(funds.title).toBe('Your pre-order is waiting');
    expect(funds.message).toBe(
      'Powerball 1 game, draw 1520: Your balance is not enough to pay for it. Add funds before the draw closes and we will try again.',
    );
    expect(funds.actions).toEqual([
      { id: 'add-funds', text: 'Add funds', link: '/my-account/deposit', deepLink: null },
    ]);
    const sold = preOrderFailureNotice({
      description: 'Cancer Research raffle',
      drawNo: 7,
      reason: 'sold_out',
    });
    expect(sold.title).toBe('Your pre-order was not bought');
    expect(sold.message).toMatch(/draw 7: The draw has sold out\. Nothing was charged\.$/);
    expect(sold.actions[0]?.link).toBe('/my-account/upcoming-tickets');
    const limit = preOrderFailureNotice({
      description: 'Oz Lotto',
      drawNo: 3,
      reason: 'precommitment_limit',
    });
    expect(limit.actions[0]?.link).toBe('/my-account/precommitment-limit');
  });

  it('tells a bought pre-order with its amount and receipt', () => {
    const bought = preOrderBoughtNotice({
      description: 'Powerball 1 game',
      drawNo: 1521,
      amountCents: 735,
      receiptPath: '/receipt/abc',
    });
    expect(bought.message).toBe(
      'Powerball 1 game, draw 1521: bought for $7.35 now that the draw is on sale. Good luck!',
    );
    expect(bought.actions[0]?.link).toBe('/receipt/abc');
  });
});

describe('a pre-order the customer standing refuses', () => {
  it('is a soft failure under the refusal’s own code, a break’s included', () => {
    for (const code of ['take_a_break', 'self_excluded', 'migration_required', 'spend_limit_required']) {
      expect(isPreOrderFailureReason(code), code).toBe(true);
      if (isPreOrderFailureReason(code)) expect(preOrderFailureStatus(code)).toBe('soft_failure');
    }
    const notice = preOrderFailureNotice({
      description: 'Powerball 1 game',
      drawNo: 1521,
      reason: 'spend_limit_required',
    });
    expect(notice.actions[0]?.link).toBe('/my-account/spend-limits');
  });
});
