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
    const ended: WithdrawalState[] = ['paid', 'rejected', 'failed', 'cancelled'];
    const states: WithdrawalState[] = ['requested', 'approved', 'paying', ...ended];
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

  it('tells an instant payment, the card refunds of the closed loop, and a refused payout', () => {
    expect(withdrawalNotice({ ...args, status: 'paid', instant: true }).message).toBe(
      'Your withdrawal of $30.50 has been paid to BSB 062-000 ****5678 by an instant payment: it is in your account now.',
    );
    const legs = [{ display: 'Visa ending 4242', amountCents: 2000 }];
    expect(withdrawalNotice({ ...args, status: 'paid', instant: true, cardLegs: legs }).message).toBe(
      'Your withdrawal of $30.50 has been paid: $20.00 back to Visa ending 4242 (money deposited by card and not played goes back to the card; refunds show within 5 business days), and $10.50 to BSB 062-000 ****5678, by an instant payment: it is in your account now.',
    );
    const all = [{ display: 'Visa ending 4242', amountCents: 3050 }];
    expect(withdrawalNotice({ ...args, status: 'paid', cardLegs: all }).message).toMatch(
      /^Your withdrawal of \$30\.50 has been paid: \$30\.50 back to Visa ending 4242 \(/,
    );
    const failed = withdrawalNotice({ ...args, status: 'failed', reason: 'the account is closed' });
    expect(failed.title).toBe('Withdrawal of $30.50 not paid');
    expect(failed.message).toBe(
      "Your bank refused the payment of your withdrawal of $30.50 to BSB 062-000 ****5678: the account is closed. The money is back in your wallet: please check the account's details, or add another one, and withdraw again.",
    );
    expect(
      withdrawalNotice({ ...args, status: 'failed', reason: 'closed', cardLegs: legs }).message,
    ).toContain('$20.00 back to Visa ending 4242 as a card refund; the other $10.50 is back in your wallet');
  });
});
