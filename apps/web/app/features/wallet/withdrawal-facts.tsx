import type { Withdrawal } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { moneyText } from './amount';
import { Facts } from './facts';

export const WITHDRAWAL_STATUS_TEXT: Record<Withdrawal['status'], string> = {
  requested: 'Waiting for approval',
  approved: 'Approved, being paid',
  paid: 'Paid',
  rejected: 'Rejected',
  paying: 'Approved, being paid',
  failed: 'Not paid: the money is back in your wallet',
  cancelled: 'Cancelled',
};

/** A withdrawal's amount, status and the account it goes to. */
export function WithdrawalFacts({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <Facts
      facts={[
        { label: 'Amount', value: moneyText(withdrawal.amount), testId: 'withdrawal-amount' },
        { label: 'Status', value: WITHDRAWAL_STATUS_TEXT[withdrawal.status], testId: 'withdrawal-status' },
        {
          label: 'To',
          value: withdrawal.fund.display,
          note: `Requested ${formatCalendarDate(withdrawal.requestedAt) ?? ''}`,
        },
      ]}
    />
  );
}
