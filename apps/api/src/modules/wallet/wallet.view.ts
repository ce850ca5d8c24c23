/** Wallet rows shaped for the wire (docs/api/wallet.md). */
import type {
  BankAccountFund,
  PayPalAccountFund,
  Transaction,
  TransactionStatus,
  TransactionType,
  Withdrawal,
  WithdrawalStep,
} from '@drawhouse/contract';
import {
  type BankAccountKind,
  bankAccountDisplay,
  centsToMoney,
  expectedArrival,
  type PayoutSpeed,
  paypalAccountDisplay,
} from '@drawhouse/domain';
import type { FundRow, WalletRepository, WithdrawalRow } from './wallet.repository.ts';

type TransferLine = Awaited<ReturnType<WalletRepository['transfers']>>['rows'][number];

const DEFAULT_DESCRIPTIONS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  purchase: 'Ticket purchase',
  refund: 'Refund',
  prize: 'Prize',
  withdrawal: 'Withdrawal',
  promo_credit: 'Promotional credit',
  adjustment: 'Adjustment',
};

function lineStatus(line: TransferLine): TransactionStatus {
  if (line.flag === 'posted' || line.settledAs === 'post_pending') return 'posted';
  return line.settledAs === 'void_pending' ? 'voided' : 'pending';
}

/**
 * A ledger line as the customer reads it: positive when money came into one of their accounts,
 * negative when it went out.
 */
export function transactionView(
  line: TransferLine,
  kindOf: ReadonlyMap<number, 'wallet' | 'promo'>,
): Transaction {
  const into = kindOf.get(line.creditAccountId);
  const account = into ?? kindOf.get(line.debitAccountId) ?? 'wallet';
  return {
    id: line.id,
    date: line.createdAt.toISOString(),
    type: line.code,
    description: line.description || DEFAULT_DESCRIPTIONS[line.code],
    amount: centsToMoney(into ? line.amountCents : -line.amountCents),
    status: lineStatus(line),
    account,
    reference: line.reference,
  };
}

export function fundDisplay(fund: FundRow): string {
  if (fund.type === 'paypal') return paypalAccountDisplay(fund.bankDetails?.email ?? '');
  if (!fund.bankAccountType) return `${fund.methodCode} ****${fund.last4 ?? ''}`;
  return bankAccountDisplay(fund.bankAccountType as BankAccountKind, fund.bankDetails ?? {});
}

export function bankFundView(fund: FundRow): BankAccountFund {
  return {
    id: fund.id,
    code: 'tt',
    type: 'bank',
    bankAccountType: fund.bankAccountType ?? 'national',
    accountName: fund.holderName ?? '',
    display: fundDisplay(fund),
    default: fund.isDefault,
    failedVerification: fund.failedVerificationAt !== null,
  };
}

/** Why a withdrawal was approved, as its timeline says. */
export const APPROVAL_NOTES = {
  rule: 'Approved at once: a verified account, within the instant withdrawal limit, to an account added more than 24 hours ago',
  operator: 'Approved by our team',
} as const;

function timelineOf(w: WithdrawalRow): WithdrawalStep[] {
  const step = (status: WithdrawalStep['status'], at: Date, note: string | null = null): WithdrawalStep => ({
    status,
    date: at.toISOString(),
    note,
  });
  const timeline = [step('requested', w.requestedAt)];
  if (w.approvedAt) timeline.push(step('approved', w.approvedAt, APPROVAL_NOTES[w.approval ?? 'operator']));
  if (w.paidAt) timeline.push(step('paid', w.paidAt));
  if (w.failedAt) timeline.push(step('failed', w.failedAt, w.reason));
  if (w.rejectedAt) {
    timeline.push(
      w.status === 'cancelled' ? step('cancelled', w.rejectedAt) : step('rejected', w.rejectedAt, w.reason),
    );
  }
  return timeline;
}

/**
 * Where the money goes: the card refunds (closed loop), then the payout account with the rest, each
 * with its expected arrival once approved. A rejected or cancelled withdrawal moved nothing.
 */
function arrival(speed: PayoutSpeed, from: Date) {
  const { by, text } = expectedArrival(speed, from);
  return { by: by.toISOString(), text };
}

function legsOf(w: WithdrawalRow, fund: FundRow): Withdrawal['legs'] {
  if (w.status === 'rejected' || w.status === 'cancelled') return [];
  const approvedAt = w.approvedAt;
  const cardLegs: Withdrawal['legs'] = w.cardLegs.map((leg) => {
    const status = leg.status === 'refunded' ? 'paid' : leg.status;
    const from = w.paidAt ?? w.failedAt ?? approvedAt;
    return {
      kind: 'card',
      display: leg.display,
      amount: centsToMoney(leg.amountCents),
      status,
      expectedArrival: from && status !== 'failed' ? arrival('card', from) : null,
    };
  });
  const toCards = w.cardLegs.reduce((sum, leg) => sum + (leg.status === 'failed' ? 0 : leg.amountCents), 0);
  const accountCents = w.amountCents - toCards;
  if (accountCents <= 0) return cardLegs;
  const status = w.status === 'paid' ? 'paid' : w.status === 'failed' ? 'failed' : 'pending';
  const from = w.paidAt ?? approvedAt;
  const speed = w.payoutSpeed ?? (fund.bankAccountType === 'international' ? 'standard' : 'instant');
  return [
    ...cardLegs,
    {
      kind: 'account',
      display: fundDisplay(fund),
      amount: centsToMoney(accountCents),
      status,
      expectedArrival: from && status !== 'failed' ? arrival(speed, from) : null,
    },
  ];
}

export function paypalFundView(fund: FundRow): PayPalAccountFund {
  return {
    id: fund.id,
    code: 'pl',
    type: 'paypal',
    display: fundDisplay(fund),
    failedVerification: fund.failedVerificationAt !== null,
  };
}

export function withdrawalView(row: { withdrawal: WithdrawalRow; fund: FundRow }): Withdrawal {
  const { withdrawal: w, fund } = row;
  return {
    id: w.id,
    status: w.status,
    amount: centsToMoney(w.amountCents),
    methodCode: w.methodCode,
    fund: { id: fund.id, display: fundDisplay(fund) },
    requestedAt: w.requestedAt.toISOString(),
    timeline: timelineOf(w),
    reason: w.reason,
    approvedBy: w.approvedAt ? (w.approval ?? 'operator') : null,
    legs: legsOf(w, fund),
  };
}
