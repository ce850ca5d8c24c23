/**
 * The monthly activity statement (ADR 084): the months with activity since the account opened, and
 * one month's totals and lines, read from the ledger through the transactions list's own read. The
 * rule (what counts, the totals, the Sydney month) is the domain's `activity-statement.ts`.
 */
import type { Statement, StatementListItem, Transaction } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  centsToMoney,
  isStatementMonth,
  moneyToCents,
  neighbouringStatementMonths,
  parseStatementMonth,
  type StatementLine,
  type StatementMonth,
  SYDNEY_TIME_ZONE,
  statementMonthKey,
  statementMonthName,
  statementMonthRange,
  statementTotals,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { ledgerQueries } from '../ledger/index.ts';
import { statementsRepository } from './statements.repository.ts';
import { transactionLines } from './wallet.service.ts';

/** Lines read a page at a time: a month's statement holds them all. */
const LINES_PAGE = 500;

const statementNotFound = () =>
  new AppError(
    404,
    'statement_not_found',
    'There is no statement for that month: it is before your account opened or still to come.',
  );

const listItemOf = (month: StatementMonth): StatementListItem => ({
  month: statementMonthKey(month),
  name: statementMonthName(month),
});

const lineOf = (t: Transaction): StatementLine => ({
  type: t.type,
  amountCents: moneyToCents(t.amount),
  status: t.status,
});

export function createStatementsService(db: Database, now: () => Date) {
  return {
    /** The months holding a line, newest first. */
    async months(customerId: string): Promise<StatementListItem[]> {
      const accounts = await ledgerQueries(db).accountsAsTheyStand(customerId);
      const accountIds = accounts.map((a) => a.id);
      const months = await statementsRepository(db).monthsWithLines(accountIds, SYDNEY_TIME_ZONE);
      return months.flatMap((key) => {
        const month = parseStatementMonth(key);
        return month ? [listItemOf(month)] : [];
      });
    },

    /**
     * One month's statement; a month before the account opened or after now's is 404. Read in one
     * snapshot, so a transfer made meanwhile is in both the lines and the opening balance or in neither.
     */
    statement(customerId: string, monthText: string): Promise<Statement> {
      return db.transaction((tx) => statementIn(tx, customerId, monthText), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },
  };

  async function statementIn(tx: DbOrTx, customerId: string, monthText: string): Promise<Statement> {
    const reads = statementsRepository(tx);
    const month = parseStatementMonth(monthText);
    const openedAt = await reads.openedAt(customerId);
    const at = now();
    if (!month || !openedAt || !isStatementMonth(month, openedAt, at)) throw statementNotFound();
    const range = statementMonthRange(month);
    const newestFirst: Transaction[] = [];
    let accountIds: number[] = [];
    for (let total = 1; newestFirst.length < total; ) {
      const page = await transactionLines(tx, customerId, LINES_PAGE, newestFirst.length, range);
      accountIds = page.accountIds;
      total = page.total;
      if (page.items.length === 0) break;
      newestFirst.push(...page.items);
    }
    const transactions = newestFirst.reverse();
    const totals = statementTotals(
      await reads.balanceBefore(accountIds, range.start),
      transactions.map(lineOf),
    );
    const { previous, next } = neighbouringStatementMonths(month, openedAt, at);
    return {
      ...listItemOf(month),
      from: range.start.toISOString(),
      to: range.end.toISOString(),
      timeZone: SYDNEY_TIME_ZONE,
      openingBalance: centsToMoney(totals.openingCents),
      deposits: centsToMoney(totals.depositsCents),
      withdrawals: centsToMoney(totals.withdrawalsCents),
      spend: centsToMoney(totals.spendCents),
      refunds: centsToMoney(totals.refundsCents),
      winnings: centsToMoney(totals.winningsCents),
      adjustments: centsToMoney(totals.adjustmentsCents),
      net: centsToMoney(totals.netCents),
      closingBalance: centsToMoney(totals.closingCents),
      transactions,
      previous: previous && listItemOf(previous),
      next: next && listItemOf(next),
    };
  }
}
