import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isStatementMonth,
  neighbouringStatementMonths,
  parseStatementMonth,
  type StatementLine,
  statementMonthKey,
  statementMonthName,
  statementMonthOf,
  statementMonthRange,
  statementTotals,
} from './activity-statement.ts';

const posted = (type: StatementLine['type'], amountCents: number): StatementLine => ({
  type,
  amountCents,
  status: 'posted',
});

const MONEY_IN = ['deposit', 'refund', 'prize', 'promo_credit'] as const;
const MONEY_OUT = ['purchase', 'withdrawal', 'adjustment'] as const;

describe('statementTotals', () => {
  it('counts deposits, spend, refunds, winnings, withdrawals and adjustments of a month', () => {
    const totals = statementTotals(1_000, [
      posted('deposit', 5_000),
      posted('purchase', -2_500),
      posted('purchase', -500),
      posted('refund', 500),
      posted('prize', 1_250),
      posted('withdrawal', -2_000),
      posted('promo_credit', 300),
      posted('adjustment', -100),
    ]);
    expect(totals).toEqual({
      openingCents: 1_000,
      depositsCents: 5_000,
      withdrawalsCents: 2_000,
      spendCents: 3_000,
      refundsCents: 500,
      winningsCents: 1_250,
      adjustmentsCents: 200,
      netCents: -1_250,
      closingCents: 2_950,
    });
  });

  it('lists held and voided lines without counting them', () => {
    const totals = statementTotals(2_000, [
      { type: 'withdrawal', amountCents: -1_500, status: 'pending' },
      { type: 'deposit', amountCents: 4_000, status: 'voided' },
    ]);
    expect(totals.withdrawalsCents).toBe(0);
    expect(totals.depositsCents).toBe(0);
    expect(totals.closingCents).toBe(2_000);
  });

  it('an empty month closes at its opening balance', () => {
    expect(statementTotals(777, [])).toMatchObject({ openingCents: 777, closingCents: 777, netCents: 0 });
  });

  it('opening plus the movements is the closing balance, and net is winnings plus refunds less spend', () => {
    const line = fc.record({
      type: fc.constantFrom(...MONEY_IN, ...MONEY_OUT),
      amountCents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      status: fc.constantFrom('posted', 'pending', 'voided') as fc.Arbitrary<StatementLine['status']>,
    });
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.array(line, { maxLength: 40 }), (opening, lines) => {
        const t = statementTotals(opening, lines);
        const counted = lines.filter((l) => l.status === 'posted').reduce((sum, l) => sum + l.amountCents, 0);
        expect(t.closingCents).toBe(opening + counted);
        expect(t.closingCents).toBe(
          t.openingCents +
            t.depositsCents -
            t.withdrawalsCents -
            t.spendCents +
            t.refundsCents +
            t.winningsCents +
            t.adjustmentsCents,
        );
        expect(t.netCents).toBe(t.winningsCents + t.refundsCents - t.spendCents);
      }),
    );
  });
});

describe('statement months', () => {
  it('reads YYYY-MM and nothing else', () => {
    expect(parseStatementMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    for (const bad of ['2026-1', '2026-13', '2026-00', '202611', '2026-11-01', ' 2026-11', '0999-05', '']) {
      expect(parseStatementMonth(bad)).toBeNull();
    }
    expect(statementMonthKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(statementMonthName({ year: 2026, month: 3 })).toBe('March 2026');
  });

  it('a month runs from midnight on the 1st in Sydney, through daylight saving', () => {
    // October: clocks go forward on the first Sunday; the month starts at +10, ends at +11.
    expect(statementMonthRange({ year: 2026, month: 10 })).toEqual({
      start: new Date('2026-09-30T14:00:00Z'),
      end: new Date('2026-10-31T13:00:00Z'),
    });
    expect(statementMonthRange({ year: 2026, month: 12 }).end).toEqual(new Date('2026-12-31T13:00:00Z'));
    // 10:30 on 31 October UTC is already 1 November in Sydney.
    expect(statementMonthOf(new Date('2026-10-31T13:30:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(statementMonthOf(new Date('2026-10-31T12:59:59Z'))).toEqual({ year: 2026, month: 10 });
  });

  it('has a statement from the opening month to the current one', () => {
    const opened = new Date('2026-03-15T00:00:00Z');
    const now = new Date('2026-11-28T00:00:00Z');
    expect(isStatementMonth({ year: 2026, month: 3 }, opened, now)).toBe(true);
    expect(isStatementMonth({ year: 2026, month: 11 }, opened, now)).toBe(true);
    expect(isStatementMonth({ year: 2026, month: 2 }, opened, now)).toBe(false);
    expect(isStatementMonth({ year: 2026, month: 12 }, opened, now)).toBe(false);
  });

  it('links a month to its neighbours that have statements, across a new year', () => {
    const opened = new Date('2025-12-15T00:00:00Z');
    const now = new Date('2026-11-28T00:00:00Z');
    expect(neighbouringStatementMonths({ year: 2026, month: 1 }, opened, now)).toEqual({
      previous: { year: 2025, month: 12 },
      next: { year: 2026, month: 2 },
    });
    expect(neighbouringStatementMonths({ year: 2025, month: 12 }, opened, now)).toEqual({
      previous: null,
      next: { year: 2026, month: 1 },
    });
    expect(neighbouringStatementMonths({ year: 2026, month: 11 }, opened, now)).toEqual({
      previous: { year: 2026, month: 10 },
      next: null,
    });
    // Opened this month: no neighbours at all.
    expect(neighbouringStatementMonths({ year: 2026, month: 11 }, now, now)).toEqual({
      previous: null,
      next: null,
    });
  });
});
