/** A month's statement for the view and PDF tests: October 2026, a loss, a cancelled withdrawal. */
import type { Statement } from '@drawhouse/contract';

export const aud = (amount: number) => ({ amount, currency: 'AUD' });

export const OCTOBER_STATEMENT: Statement = {
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
  previous: { month: '2026-09', name: 'September 2026' },
  next: { month: '2026-11', name: 'November 2026' },
};
