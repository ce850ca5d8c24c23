import { describe, expect, it } from 'vitest';
import { numbersInPickedOrder, ticketNumbers } from './ticket-numbers.ts';

describe('ticket numbers', () => {
  it('keeps the picked order only where position decides the prize', () => {
    expect(numbersInPickedOrder('powerball', 'standard')).toBe(false);
    expect(numbersInPickedOrder('lotto-strike', 'strike_standard')).toBe(true);
    expect(numbersInPickedOrder('lotto-strike', 'strike_boxed')).toBe(false);
    expect(numbersInPickedOrder('super-66', null)).toBe(true);
    expect(numbersInPickedOrder('a-charity-raffle', null)).toBe(false);
  });

  it('sorts smallest first otherwise, without changing the stored list', () => {
    const picked = [32, 8, 25, 10, 13];
    expect(ticketNumbers(picked, false)).toEqual([8, 10, 13, 25, 32]);
    expect(ticketNumbers(picked, true)).toEqual([32, 8, 25, 10, 13]);
    expect(picked).toEqual([32, 8, 25, 10, 13]);
  });
});
