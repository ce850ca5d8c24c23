import { describe, expect, it } from 'vitest';
import { stockLeftAfterCart, stockRefusal } from './cart-stock.ts';

describe('stockLeftAfterCart', () => {
  it('takes what the cart holds off what is left, never below 0', () => {
    expect(stockLeftAfterCart(37, 0)).toBe(37);
    expect(stockLeftAfterCart(37, 30)).toBe(7);
    expect(stockLeftAfterCart(37, 37)).toBe(0);
    expect(stockLeftAfterCart(10, 30)).toBe(0);
  });
});

describe('stockRefusal', () => {
  it('lets in up to what is left after the cart', () => {
    expect(stockRefusal('syndicate', 37, 0, 37)).toBeNull();
    expect(stockRefusal('syndicate', 37, 30, 7)).toBeNull();
    expect(stockRefusal('raffle', 5, 4, 1)).toBeNull();
  });

  it('says sold out when nothing is left, whatever the cart holds', () => {
    expect(stockRefusal('syndicate', 0, 0, 1)).toEqual({
      reason: 'sold_out',
      message: 'This syndicate is sold out.',
    });
    expect(stockRefusal('raffle', -2, 3, 1)).toEqual({
      reason: 'sold_out',
      message: 'This raffle is sold out.',
    });
  });

  it('says how many are left when the cart holds none', () => {
    expect(stockRefusal('syndicate', 37, 0, 38)).toEqual({
      reason: 'too_many',
      message: 'Only 37 shares are left.',
    });
    expect(stockRefusal('raffle', 1, 0, 3)?.message).toBe('Only 1 ticket is left.');
  });

  it('says what the cart already holds when that is what leaves no room', () => {
    expect(stockRefusal('syndicate', 37, 37, 37)).toEqual({
      reason: 'too_many',
      message: 'Only 37 shares are left in this syndicate; your cart already holds 37.',
    });
    expect(stockRefusal('raffle', 5, 3, 3)?.message).toBe(
      'Only 5 tickets are left in this raffle; your cart already holds 3.',
    );
    expect(stockRefusal('syndicate', 10, 30, 1)?.message).toBe(
      'Only 10 shares are left in this syndicate; your cart already holds 30.',
    );
  });
});
