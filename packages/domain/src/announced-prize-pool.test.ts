import { describe, expect, it } from 'vitest';
import { announcedPrizePool } from './announced-prize-pool.ts';

describe('announced prize pool', () => {
  it("announces the next draw's prize pool", () => {
    expect(announcedPrizePool(0, 20_000_000_00, 20_000_000_00)).toBe(20_000_000_00);
  });

  it('keeps a later growing jackpot back until it is known', () => {
    expect(announcedPrizePool(1, 25_000_000_00, 20_000_000_00)).toBeNull();
    expect(announcedPrizePool(3, 35_000_000_00, 20_000_000_00)).toBeNull();
  });

  it('announces a fixed prize on every draw', () => {
    expect(announcedPrizePool(2, 1_000_000_00, 1_000_000_00)).toBe(1_000_000_00);
  });

  it('has nothing to announce without a prize pool', () => {
    expect(announcedPrizePool(0, null, null)).toBeNull();
    expect(announcedPrizePool(1, null, 5_00)).toBeNull();
  });
});
