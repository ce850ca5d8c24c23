import type { Transaction } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { statementLineCells, statementPeriodText, statementTotalRows } from './statement-view';
import { aud, OCTOBER_STATEMENT } from './test-statement';

describe('statement view', () => {
  it('names the month by its first and last Sydney day, through daylight saving', () => {
    // October 2026 starts at +10 and ends at +11 in Sydney.
    expect(statementPeriodText({ from: '2026-09-30T14:00:00.000Z', to: '2026-10-31T13:00:00.000Z' })).toBe(
      '1 October 2026 to 31 October 2026, Sydney time',
    );
  });

  it('reads the totals in order, a loss with its sign', () => {
    const rows = statementTotalRows(OCTOBER_STATEMENT);
    expect(rows.map((r) => [r.key, r.amount])).toEqual([
      ['opening', '$15.00'],
      ['deposits', '$100.00'],
      ['withdrawals', '$40.00'],
      ['spend', '$32.00'],
      ['refunds', '$5.00'],
      ['winnings', '$12.50'],
      ['adjustments', '$3.00'],
      ['net', '-$14.50'],
      ['closing', '$63.50'],
    ]);
  });

  it('words a line: its type with its own description, its status and signed amount', () => {
    const line: Transaction = {
      id: 't',
      date: '2026-10-31T13:30:00.000Z',
      type: 'purchase',
      description: 'Powerball',
      amount: aud(-7.5),
      status: 'posted',
      account: 'wallet',
      reference: null,
    };
    expect(statementLineCells(line)).toEqual(['1 November 2026', 'Purchase: Powerball', 'Done', '-$7.50']);
    expect(statementLineCells({ ...line, type: 'deposit', description: 'Deposit', amount: aud(20) })[1]).toBe(
      'Deposit',
    );
  });
});
