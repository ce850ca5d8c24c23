import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prizePerWinningGame, splitByShares, unpricedDivisions } from './prize-amounts.ts';

describe('prizePerWinningGame', () => {
  it('pays announced prizes as announced', () => {
    const prizes = prizePerWinningGame({
      lotteryKey: 'powerball',
      announced: { '1': 5_000_000_000, '9': 1_250 },
      jackpotCents: 10_000_000_000,
      winnersByDivision: { '1': 2, '9': 100 },
    });
    expect(prizes).toEqual({ '1': 5_000_000_000, '9': 1_250 });
  });

  it('shares division 1 without an announced figure among its winning games, truncated to the cent', () => {
    const prizes = prizePerWinningGame({
      lotteryKey: 'oz-lotto',
      announced: { '7': 1_500 },
      jackpotCents: 1_000_000_001,
      winnersByDivision: { '1': 3, '7': 10 },
    });
    expect(prizes).toEqual({ '1': 333_333_333, '7': 1_500 });
  });

  it('pays Monday & Wednesday Lotto division 1 a fixed $1 million per game, shared when several win', () => {
    const args = { lotteryKey: 'monday-wednesday-lotto' as const, announced: {}, jackpotCents: null };
    expect(prizePerWinningGame({ ...args, winnersByDivision: { '1': 1 } })).toEqual({ '1': 100_000_000 });
    expect(prizePerWinningGame({ ...args, winnersByDivision: { '1': 3 } })).toEqual({ '1': 33_333_333 });
    // No winner yet: what one would get.
    expect(prizePerWinningGame({ ...args, winnersByDivision: {} })).toEqual({ '1': 100_000_000 });
  });

  it('leaves out divisions with no figure and names those with winners', () => {
    const args = {
      lotteryKey: 'saturday-lotto' as const,
      announced: { '4': 3_000 },
      jackpotCents: null,
      winnersByDivision: { '1': 1, '4': 2, '6': 9 },
    };
    expect(prizePerWinningGame(args)).toEqual({ '4': 3_000 });
    expect(unpricedDivisions(args)).toEqual([1, 6]);
  });

  it('refuses prizes that are not whole cents', () => {
    expect(() =>
      prizePerWinningGame({
        lotteryKey: 'powerball',
        announced: { '2': 1.5 },
        jackpotCents: null,
        winnersByDivision: {},
      }),
    ).toThrow(RangeError);
    expect(() =>
      prizePerWinningGame({
        lotteryKey: 'powerball',
        announced: {},
        jackpotCents: -1,
        winnersByDivision: {},
      }),
    ).toThrow(RangeError);
  });
});

describe('splitByShares', () => {
  it('truncates each part to the cent and keeps the rest as the remainder', () => {
    expect(
      splitByShares(
        1_000,
        [
          { id: 'a', shares: 1 },
          { id: 'b', shares: 1 },
          { id: 'c', shares: 1 },
        ],
        3,
      ),
    ).toEqual({
      parts: [
        { id: 'a', cents: 333 },
        { id: 'b', cents: 333 },
        { id: 'c', cents: 333 },
      ],
      remainderCents: 1,
    });
  });

  it('keeps the part of unsold shares in the remainder', () => {
    expect(splitByShares(10_000, [{ id: 'a', shares: 3 }], 10)).toEqual({
      parts: [{ id: 'a', cents: 3_000 }],
      remainderCents: 7_000,
    });
  });

  it('stays exact past 2^53 cents x shares', () => {
    const prize = 9_000_000_000_000_000;
    const { parts, remainderCents } = splitByShares(
      prize,
      [
        { id: 'a', shares: 7 },
        { id: 'b', shares: 3 },
      ],
      10,
    );
    expect(parts).toEqual([
      { id: 'a', cents: 6_300_000_000_000_000 },
      { id: 'b', cents: 2_700_000_000_000_000 },
    ]);
    expect(remainderCents).toBe(0);
  });

  it('refuses more shares held than there are, and shares or prizes that are not whole', () => {
    expect(() => splitByShares(100, [{ id: 'a', shares: 3 }], 2)).toThrow(RangeError);
    expect(() => splitByShares(100, [{ id: 'a', shares: 0.5 }], 2)).toThrow(RangeError);
    expect(() => splitByShares(-1, [], 2)).toThrow(RangeError);
    expect(() => splitByShares(100, [], 0)).toThrow(RangeError);
  });

  it('parts and remainder add up to the prize; no part is negative; the remainder is bounded', () => {
    const holdings = fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 0, maxLength: 30 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        holdings,
        fc.integer({ min: 0, max: 5_000 }),
        (prize, shares, unsold) => {
          const held = shares.reduce((a, b) => a + b, 0);
          const total = held + unsold || 1;
          const { parts, remainderCents } = splitByShares(
            prize,
            shares.map((s, i) => ({ id: `h${i}`, shares: s })),
            total,
          );
          expect(parts.reduce((a, p) => a + p.cents, 0) + remainderCents).toBe(prize);
          for (const p of parts) expect(p.cents).toBeGreaterThanOrEqual(0);
          expect(remainderCents).toBeGreaterThanOrEqual(0);
          // Each part loses less than one cent to truncation, at most (total - 1) / total of one:
          // remainder <= prize x unheld / total + holders x (total - 1) / total.
          const unheld = total - held;
          expect(BigInt(remainderCents) * BigInt(total)).toBeLessThanOrEqual(
            BigInt(prize) * BigInt(unheld) + BigInt(parts.length) * BigInt(total - 1),
          );
          if (unheld === 0) expect(remainderCents).toBeLessThan(Math.max(1, parts.length));
        },
      ),
      { numRuns: 500 },
    );
  });
});
