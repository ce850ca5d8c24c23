import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../lib/test-pdf-text';
import { statementPdf } from './statement-pdf.server';
import { OCTOBER_STATEMENT as statement } from './test-statement';

describe('statementPdf', () => {
  it("carries the customer's name, the month, the totals, the transactions and the help line", async () => {
    const bytes = await statementPdf(statement, 'Jo Citizen', new Date('2026-11-02T00:00:00Z'));
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toContain('/Lang (en-AU)');
    const runs = pdfTextRuns(bytes);
    expect(runs[0]).toBe('Activity statement: October 2026');
    expect(runs).toContain('Account holder: Jo Citizen');
    expect(runs).toContain('Period: 1 October 2026 to 31 October 2026, Sydney time.');
    const totals = runs.indexOf('Opening balance');
    expect(runs.slice(totals, totals + 4)).toEqual(['Opening balance', '$15.00', 'Deposits', '$100.00']);
    expect(runs).toContain('-$14.50');
    expect(runs[runs.indexOf('Closing balance') + 1]).toBe('$63.50');
    const first = runs.indexOf('2 October 2026');
    expect(runs.slice(first, first + 4)).toEqual([
      '2 October 2026',
      'Deposit: Deposit by card',
      'Done',
      '+$100.00',
    ]);
    expect(runs).toContain('$10.00 not paid out');
    expect(runs.join(' ')).toContain('Gambling Help Online: 1800 858 858');
  });

  it('says so when no money moved', async () => {
    const runs = pdfTextRuns(
      await statementPdf({ ...statement, transactions: [] }, 'Jo Citizen', new Date()),
    );
    expect(runs).toContain('No money moved in your account this month.');
  });
});
