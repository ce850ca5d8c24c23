import { describe, expect, it } from 'vitest';
import { cardReturns, closedLoopSplit, unplayedCardDeposits, type WalletMovement } from './closed-loop.ts';

const at = (day: number) => new Date(Date.UTC(2026, 10, day));
const card = (depositId: string, amountCents: number, day: number, fundId = 'visa'): WalletMovement => ({
  kind: 'card_deposit',
  depositId,
  fundId,
  display: fundId === 'visa' ? 'Visa ****4242' : 'Mastercard ****4444',
  amountCents,
  at: at(day),
});
const spend = (amountCents: number, day: number): WalletMovement => ({
  kind: 'spend',
  amountCents,
  at: at(day),
});

describe('unplayedCardDeposits (first in, first out)', () => {
  it('a card deposit never played is all unplayed', () => {
    expect(unplayedCardDeposits([card('d1', 5_000, 1)])).toMatchObject([
      { depositId: 'd1', amountCents: 5_000 },
    ]);
  });

  it('purchases use up the oldest deposits first', () => {
    const unplayed = unplayedCardDeposits([card('d1', 5_000, 1), card('d2', 3_000, 2), spend(6_000, 3)]);
    expect(unplayed.map((d) => [d.depositId, d.amountCents])).toEqual([['d2', 2_000]]);
  });

  it('a purchase before a deposit plays nothing of it', () => {
    const unplayed = unplayedCardDeposits([
      { kind: 'other_deposit', amountCents: 2_000, at: at(1) },
      spend(2_000, 2),
      card('d1', 4_000, 3),
    ]);
    expect(unplayed.map((d) => d.amountCents)).toEqual([4_000]);
  });

  it('a bank deposit made first is played first; it is never a card return', () => {
    const unplayed = unplayedCardDeposits([
      { kind: 'other_deposit', amountCents: 3_000, at: at(1) },
      card('d1', 3_000, 2),
      spend(4_000, 3),
    ]);
    expect(unplayed.map((d) => d.amountCents)).toEqual([2_000]);
  });

  it('what was refunded to a card already is not refunded again', () => {
    const unplayed = unplayedCardDeposits([card('d1', 5_000, 1)], new Map([['d1', 3_500]]));
    expect(unplayed.map((d) => d.amountCents)).toEqual([1_500]);
    expect(unplayedCardDeposits([card('d1', 5_000, 1)], new Map([['d1', 5_000]]))).toEqual([]);
  });

  it('groups by card, the card used last first, newest deposit first within a card', () => {
    const unplayed = unplayedCardDeposits([
      card('v1', 1_000, 1),
      card('m1', 1_000, 2, 'master'),
      card('v2', 1_000, 3),
    ]);
    expect(unplayed.map((d) => d.depositId)).toEqual(['v2', 'v1', 'm1']);
    expect(cardReturns(unplayed)).toEqual([
      { fundId: 'visa', display: 'Visa ****4242', amountCents: 2_000 },
      { fundId: 'master', display: 'Mastercard ****4444', amountCents: 1_000 },
    ]);
  });
});

describe('closedLoopSplit', () => {
  const returns = [
    { id: 'a', amountCents: 3_000 },
    { id: 'b', amountCents: 1_000 },
  ];

  it('cards first, the rest to the account', () => {
    expect(closedLoopSplit(10_000, returns)).toEqual({
      cardLegs: [
        { id: 'a', amountCents: 3_000 },
        { id: 'b', amountCents: 1_000 },
      ],
      accountCents: 6_000,
    });
  });

  it('a withdrawal smaller than the card money goes to cards only, in order', () => {
    expect(closedLoopSplit(3_500, returns)).toEqual({
      cardLegs: [
        { id: 'a', amountCents: 3_000 },
        { id: 'b', amountCents: 500 },
      ],
      accountCents: 0,
    });
  });

  it('no card money: all to the account', () => {
    expect(closedLoopSplit(2_000, [])).toEqual({ cardLegs: [], accountCents: 2_000 });
  });
});
