import { describe, expect, it } from 'vitest';
import { walletFunds } from './wallet-funds.ts';

describe('walletFunds', () => {
  it('withdraws cash only, less what is held; spends both', () => {
    expect(
      walletFunds({ postedCents: 10000, availableCents: 7000 }, { postedCents: 2000, availableCents: 2000 }),
    ).toEqual({
      balanceCents: 12000,
      availableCents: 9000,
      withdrawableCents: 7000,
      heldCents: 3000,
      promoCents: 2000,
    });
  });

  it('never answers a negative withdrawable amount', () => {
    expect(
      walletFunds({ postedCents: 0, availableCents: 0 }, { postedCents: 500, availableCents: 500 })
        .withdrawableCents,
    ).toBe(0);
  });
});
