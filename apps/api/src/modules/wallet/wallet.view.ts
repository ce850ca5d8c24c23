/** Wallet rows shaped for the wire (docs/api/wallet.md). */
import type {
  BankAccountFund,
  Transaction,
  TransactionStatus,
  TransactionType,
  Withdrawal,
  WithdrawalStep,
} from '@drawhouse/contract';
import { type BankAccountKind, bankAccountDisplay, centsToMoney } from '@drawhouse/domain';
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
  };
}

export function withdrawalView(row: { withdrawal: WithdrawalRow; fund: FundRow }): Withdrawal {
  const { withdrawal: w, fund } = row;
  const timeline: WithdrawalStep[] = [{ status: 'requested', date: w.requestedAt.toISOString() }];
  if (w.approvedAt) timeline.push({ status: 'approved', date: w.approvedAt.toISOString() });
  if (w.paidAt) timeline.push({ status: 'paid', date: w.paidAt.toISOString() });
  if (w.rejectedAt)
    timeline.push({
      status: w.status === 'cancelled' ? 'cancelled' : 'rejected',
      date: w.rejectedAt.toISOString(),
    });
  return {
    id: w.id,
    status: w.status,
    amount: centsToMoney(w.amountCents),
    methodCode: w.methodCode,
    fund: { id: fund.id, display: fundDisplay(fund) },
    requestedAt: w.requestedAt.toISOString(),
    timeline,
    reason: w.reason,
  };
}
