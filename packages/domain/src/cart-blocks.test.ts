import { describe, expect, it } from 'vitest';
import { type CartBlockOffer, cartBlockedReasons } from './cart-blocks.ts';

const super66: CartBlockOffer = {
  key: 'super-66',
  name: 'Super 66',
  onSale: true,
  restrictions: [{ type: 'licensing_restriction', states: ['WA', 'SA'] }],
};
const powerball: CartBlockOffer = { key: 'powerball', name: 'Powerball', onSale: true, restrictions: [] };

describe('cartBlockedReasons', () => {
  it('blocks a restricted offer for a customer in a restricted state only', () => {
    expect(cartBlockedReasons([super66, powerball], 'WA')).toEqual({
      'licensing_restriction:super-66':
        'Super 66 cannot be sold to residents of WA or SA. Remove it from your cart to check out.',
    });
    expect(cartBlockedReasons([super66, powerball], 'NSW')).toEqual({});
  });
  it('does not block an anonymous cart on a restriction', () => {
    expect(cartBlockedReasons([super66], null)).toEqual({});
  });
  it('blocks an offer no longer on sale, whoever holds the cart', () => {
    const off = { ...powerball, onSale: false };
    expect(cartBlockedReasons([off], null)).toEqual({
      'unavailable:powerball': 'Powerball is not on sale right now. Remove it from your cart to check out.',
    });
  });
  it('ignores migration restrictions', () => {
    const migrated = { ...powerball, restrictions: [{ type: 'migration_restriction', states: ['NSW'] }] };
    expect(cartBlockedReasons([migrated], 'NSW')).toEqual({});
  });
});
