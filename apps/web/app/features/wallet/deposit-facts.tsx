import type { Deposit } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { moneyText } from './amount';
import { Facts } from './facts';

export const DEPOSIT_STATUS_TEXT: Record<Deposit['status'], string> = {
  charging: 'Being charged',
  awaiting_challenge: 'Waiting for your card check',
  awaiting_approval: 'Waiting for approval',
  succeeded: 'Successful',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Cancelled (the card check was not finished)',
  awaiting_reconciliation: 'Waiting for your payment to arrive',
};

const METHOD_NAMES: Record<string, string> = {
  cc: 'Card',
  pl: 'PayPal',
  ap: 'Apple Pay',
  gp: 'Google Pay',
  bp: 'BPAY',
  dd: 'Bank transfer',
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
          value: deposit.fund?.label ?? METHOD_NAMES[deposit.methodCode] ?? deposit.methodCode.toUpperCase(),
          note: formatCalendarDate(deposit.createdAt),
        },
      ]}
    />
  );
}

/**
 * How to pay a BPAY or bank transfer deposit: the biller code or our bank details, and the
 * customer's reference. Shown while the deposit waits for the payment.
 */
export function DepositPaymentDetails({ deposit }: { deposit: Deposit }) {
  const { reference } = deposit;
  if (!reference || deposit.status !== 'awaiting_reconciliation') return null;
  const amount = moneyText(deposit.amount);
  const bpay = reference.billerCode !== null;
  const rows: [label: string, value: string | null, testId: string][] = bpay
    ? [
        ['Biller code', reference.billerCode, 'deposit-biller-code'],
        ['Reference (CRN)', reference.reference, 'deposit-reference'],
      ]
    : [
        ['Account name', reference.accountName, 'deposit-account-name'],
        ['BSB', reference.bsb, 'deposit-bsb'],
        ['Account number', reference.accountNumber, 'deposit-account-number'],
        ['Reference', reference.reference, 'deposit-reference'],
      ];
  return (
    <section
      aria-labelledby="deposit-payment-heading"
      className="mt-6 rounded-lg border-l-4 border-sky-700 bg-sky-50 p-4 text-sky-950"
      data-testid="deposit-payment-details"
    >
      <h2 id="deposit-payment-heading" className="text-xl font-bold">
        {bpay ? `Pay ${amount} by BPAY` : `Pay ${amount} by bank transfer`}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="font-mono" data-testid={testId}>
              {value ?? '-'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        Quote the reference exactly so we can match your payment. Your balance is credited when we receive it
        {bpay ? ' (BPAY payments usually take one to two business days)' : ''}.
      </p>
    </section>
  );
}
