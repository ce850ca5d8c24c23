/**
 * The monthly activity statement as the account shows it, on its page and in its PDF: the month's
 * dates, the totals as labelled amounts, and a transaction's words.
 */
import type { Statement, Transaction } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { moneyText, transactionAmountText } from './amount';

export const TRANSACTION_TYPE_TEXT: Record<Transaction['type'], string> = {
  deposit: 'Deposit',
  purchase: 'Purchase',
  refund: 'Refund',
  prize: 'Prize',
  withdrawal: 'Withdrawal',
  promo_credit: 'Promotional credit',
  adjustment: 'Adjustment',
};

export const TRANSACTION_STATUS_TEXT: Record<Transaction['status'], string> = {
  posted: 'Done',
  pending: 'Pending',
  voided: 'Cancelled',
};

/** The help line every statement carries. */
export const GAMBLING_HELP = {
  name: 'Gambling Help Online',
  phone: '1800 858 858',
  text: 'Free, confidential support, 24 hours a day, 7 days a week.',
} as const;

/** "1 November 2026 to 30 November 2026, Sydney time". */
export function statementPeriodText(statement: Pick<Statement, 'from' | 'to'>): string {
  const last = new Date(new Date(statement.to).getTime() - 1);
  return `${formatCalendarDate(statement.from)} to ${formatCalendarDate(last)}, Sydney time`;
}

export type StatementTotalRow = { key: string; label: string; amount: string; strong?: boolean };

/** The totals in the order a statement reads: the opening balance, what moved it, the closing one. */
export function statementTotalRows(s: Statement): StatementTotalRow[] {
  const net = s.net.amount < 0 ? `-${moneyText({ ...s.net, amount: -s.net.amount })}` : moneyText(s.net);
  return [
    { key: 'opening', label: 'Opening balance', amount: moneyText(s.openingBalance), strong: true },
    { key: 'deposits', label: 'Deposits', amount: moneyText(s.deposits) },
    { key: 'withdrawals', label: 'Withdrawals', amount: moneyText(s.withdrawals) },
    { key: 'spend', label: 'Spend (tickets and entries bought)', amount: moneyText(s.spend) },
    { key: 'refunds', label: 'Refunds', amount: moneyText(s.refunds) },
    { key: 'winnings', label: 'Winnings', amount: moneyText(s.winnings) },
    { key: 'adjustments', label: 'Promotional credit and adjustments', amount: moneyText(s.adjustments) },
    { key: 'net', label: 'Net win or loss (winnings and refunds less spend)', amount: net, strong: true },
    { key: 'closing', label: 'Closing balance', amount: moneyText(s.closingBalance), strong: true },
  ];
}

/** A transaction as a row of text: date, what, status, signed amount. */
export function statementLineCells(t: Transaction): [string, string, string, string] {
  const what = `${TRANSACTION_TYPE_TEXT[t.type]}${t.description && t.description !== TRANSACTION_TYPE_TEXT[t.type] ? `: ${t.description}` : ''}`;
  return [
    formatCalendarDate(t.date) ?? t.date,
    what,
    TRANSACTION_STATUS_TEXT[t.status],
    transactionAmountText(t.amount, t.status),
  ];
}

export const statementPdfName = (month: string) => `drawhouse-statement-${month}.pdf`;
