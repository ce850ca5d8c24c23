import { describe, expect, it } from 'vitest';
import {
  customerCanCancelWithdrawal,
  WITHDRAWAL_MINIMUM_CENTS,
  type WithdrawalState,
  withdrawalNotice,
} from './withdrawal.ts';

const args = {
  amountCents: 3050,
  fundDisplay: 'BSB 062-000 ****5678',
  reason: null,
  detailPath: '/my-account/withdraw/details/w1',
};

describe('withdrawal rules', () => {
  it('takes at least $10.00', () => {
    expect(WITHDRAWAL_MINIMUM_CENTS).toBe(1000);
  });

  it('is cancelled by the customer only while requested', () => {
    const states: WithdrawalState[] = ['requested', 'approved', 'paid', 'rejected', 'cancelled'];
    expect(states.filter(customerCanCancelWithdrawal)).toEqual(['requested']);
  });

  it('tells each step with the amount, where it goes and a link to the withdrawal', () => {
    const requested = withdrawalNotice({ ...args, status: 'requested' });
    expect(requested.title).toBe('Withdrawal of $30.50 requested');
    expect(requested.message).toContain('to BSB 062-000 ****5678');
    expect(requested.message).toContain('you can cancel it');
    expect(requested.actions).toEqual([
      { id: 'view-withdrawal', text: 'View withdrawal', link: args.detailPath, deepLink: null },
    ]);
    expect(withdrawalNotice({ ...args, status: 'paid' }).title).toBe('Withdrawal of $30.50 paid');
    expect(withdrawalNotice({ ...args, status: 'cancelled' }).message).toContain('back in your wallet');
    const rejected = withdrawalNotice({ ...args, status: 'rejected', reason: 'Name does not match' });
    expect(rejected.title).toBe('Withdrawal of $30.50 declined');
    expect(rejected.message).toContain(': Name does not match. The money is back in your wallet.');
  });
});
