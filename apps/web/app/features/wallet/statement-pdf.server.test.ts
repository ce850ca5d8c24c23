import type { Statement } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../lib/test-pdf-text';
import { statementPdf } from './statement-pdf.server';

const aud = (amount: number) => ({ amount, currency: 'AUD' });

const statement: Statement = {
  month: '2026-10',
  name: 'October 2026',
  from: '2026-09-30T14:00:00.000Z',
  to: '2026-10-31T13:00:00.000Z',
  timeZone: 'Australia/Sydney',
  openingBalance: aud(15),
  deposits: aud(100),
  withdrawals: aud(40),
  spend: aud(32),
  refunds: aud(5),
  winnings: aud(12.5),
  adjustments: aud(3),
  net: aud(-14.5),
  closingBalance: aud(63.5),
  transactions: [
    {
      id: 't1',
      date: '2026-10-02T01:00:00.000Z',
      type: 'deposit',
      description: 'Deposit by card',
      amount: aud(100),
      status: 'posted',
      account: 'wallet',
      reference: 'd1',
    },
    {
      id: 't2',
      date: '2026-10-20T01:00:00.000Z',
      type: 'withdrawal',
      description: 'Withdrawal to BSB 062-000 ****5678',
      amount: aud(-10),
      status: 'voided',
      account: 'wallet',
      reference: 'w1',
    },
  ],
};

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
