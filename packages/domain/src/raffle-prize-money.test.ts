import { describe, expect, it } from 'vitest';
import { isCashRafflePrize, raffleCreditCents } from './raffle-prize-money.ts';

describe('raffle prizes credited as money', () => {
  it('credits cash prizes only', () => {
    expect(isCashRafflePrize('$10,000 cash')).toBe(true);
    expect(isCashRafflePrize('Cash prize')).toBe(true);
    expect(isCashRafflePrize('Ford Ranger Raptor')).toBe(false);
    expect(isCashRafflePrize('$50,000 in gold bullion')).toBe(false);
    expect(isCashRafflePrize('$20,000 travel voucher')).toBe(false);
    expect(isCashRafflePrize('Cashmere throw')).toBe(false);
  });

  it('answers the value of a cash prize and null for goods', () => {
    expect(raffleCreditCents({ name: '$10,000 cash', valueCents: 1_000_000 })).toBe(1_000_000);
    expect(raffleCreditCents({ name: 'Toyota LandCruiser and caravan', valueCents: 18_500_000 })).toBeNull();
  });
});
