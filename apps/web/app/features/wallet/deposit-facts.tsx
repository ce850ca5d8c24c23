import type { Deposit } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { moneyText } from './amount';
import { Facts } from './facts';

export const DEPOSIT_STATUS_TEXT: Record<Deposit['status'], string> = {
  awaiting_challenge: 'Waiting for your card check',
  awaiting_approval: 'Waiting for approval',
  succeeded: 'Successful',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Cancelled (the card check was not finished)',
  awaiting_reconciliation: 'Waiting for your payment to arrive',
};

/** A deposit's amount, status, the card or method, and its date. */
export function DepositFacts({ deposit }: { deposit: Deposit }) {
  return (
    <Facts
      facts={[
        { label: 'Amount', value: moneyText(deposit.amount), testId: 'deposit-amount' },
        { label: 'Status', value: DEPOSIT_STATUS_TEXT[deposit.status], testId: 'deposit-status' },
        {
          label: 'Paid with',
          value: deposit.fund?.label ?? deposit.methodCode.toUpperCase(),
          note: formatCalendarDate(deposit.createdAt),
        },
      ]}
    />
  );
}
