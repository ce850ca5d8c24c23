import { describe, expect, it } from 'vitest';
import { numberRanges, ticketEntryText } from './ticket-entry-text.ts';

describe('a ticket entry in one line', () => {
  it('writes runs of numbers as ranges, in order, once each', () => {
    expect(numberRanges([9, 3, 4, 5, 5])).toBe('3–5, 9');
    expect(numberRanges([7])).toBe('7');
    expect(numberRanges([])).toBe('');
    expect(numberRanges(Array.from({ length: 100 }, (_, i) => 101 + i))).toBe('101–200');
  });

  it("says a raffle ticket's numbers, a syndicate ticket's shares, or each game's number sets", () => {
    expect(ticketEntryText({ games: [], raffleNumbers: [12], numShares: null })).toBe('Ticket 12');
    expect(ticketEntryText({ games: [], raffleNumbers: [14, 12, 13, 20], numShares: null })).toBe(
      'Tickets 12–14, 20',
    );
    expect(ticketEntryText({ games: [], raffleNumbers: [], numShares: 1 })).toBe('1 share');
    expect(ticketEntryText({ games: [{ main: [1, 2] }], raffleNumbers: [], numShares: 3 })).toBe('3 shares');
    expect(
      ticketEntryText({
        games: [
          { main: [3, 11, 19, 24, 30, 33, 35], powerball: [7] },
          { main: [1, 2, 3, 4, 5, 6, 7], powerball: [20] },
        ],
        raffleNumbers: [],
        numShares: null,
      }),
    ).toBe('Game 1: main 3 11 19 24 30 33 35 · powerball 7; Game 2: main 1 2 3 4 5 6 7 · powerball 20');
    expect(ticketEntryText({ games: [], raffleNumbers: [], numShares: null })).toBe('No numbers');
  });
});
