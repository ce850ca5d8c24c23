import type { DrawSummary, OrderDetails, TicketDetails, TicketGameLine } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { AUD, POWERBALL_DRAW, testOrder } from './test-orders';
import {
  matchedText,
  type OrderView,
  orderView,
  printableOrders,
  printedPrice,
  ticketView,
} from './ticket-detail-view';

const DRAW: DrawSummary = { ...POWERBALL_DRAW, status: 'DRAW_EMAILED' };

const RESULT = {
  numbers: [
    { name: 'Numbers', numbers: [3, 14, 22, 31, 33, 34, 40] },
    { name: 'Powerball', numbers: [7] },
  ],
  supplementary: [],
  supplementaryName: null,
  publishedAt: '2026-11-26T10:00:00Z',
};

function game(overrides: Partial<TicketGameLine> = {}): TicketGameLine {
  return {
    index: 0,
    sets: [
      {
        name: 'Numbers',
        numbers: [1, 3, 14, 22, 31, 33, 35],
        matched: [3, 14, 22, 31, 33],
        matchedPositions: [1, 2, 3, 4, 5],
      },
      { name: 'Powerball', numbers: [7], matched: [7], matchedPositions: [0] },
    ],
    supplementaryMatched: [],
    division: 5,
    combos: 1,
    prize: AUD(152.4),
    ...overrides,
  };
}

function ticket(overrides: Partial<TicketDetails> = {}): TicketDetails {
  return {
    id: 't1',
    orderId: 'o1',
    productType: 'lottery_ticket',
    gameType: 'standard',
    purchasedAt: '2026-11-24T09:00:00Z',
    draw: DRAW,
    result: RESULT,
    games: [game()],
    raffleTicketNumbers: [],
    numShares: null,
    prize: AUD(152.4),
    prizeNames: [],
    payoutStatus: 'paid',
    refund: null,
    ...overrides,
  };
}

describe('ticketView', () => {
  it('marks the matched balls by position and names them for screen readers', () => {
    const view = ticketView(ticket());
    const [numbers, powerball] = view.games[0]?.sets ?? [];
    expect(numbers?.balls.map((b) => b.matched)).toEqual([false, true, true, true, true, true, false]);
    expect(numbers?.balls[1]?.label).toBe('3, matched');
    expect(numbers?.balls[0]?.label).toBe('1');
    expect(powerball?.balls[0]).toMatchObject({
      value: 7,
      matched: true,
      special: true,
      label: '7, matched',
    });
  });

  it('matches by position only: a number matched elsewhere in an ordered game is not highlighted', () => {
    const strike = game({
      sets: [{ name: 'Numbers', numbers: [5, 9, 12, 30], matched: [5], matchedPositions: [0] }],
      division: null,
      prize: null,
    });
    const view = ticketView(ticket({ games: [strike], prize: null, payoutStatus: 'not_won' }));
    expect(view.games[0]?.sets[0]?.balls.map((b) => b.matched)).toEqual([true, false, false, false]);
  });

  it('says the division and prize of a winning game and where the money is', () => {
    const view = ticketView(ticket());
    expect(view.games[0]).toMatchObject({ division: 'Division 5', prize: '$152.40', won: true });
    expect(view.games[0]?.matchedText).toBe('5 numbers and the Powerball matched');
    expect(view.prize).toBe('$152.40');
    expect(view.payout).toBe('Paid into your wallet');
    expect(view.won).toBe(true);
  });

  it('a held prize awaits approval', () => {
    expect(ticketView(ticket({ payoutStatus: 'held' })).payout).toMatch(/^Awaiting approval/);
  });

  it('a division whose prize is not announced yet reads Prize to be announced, never No prize or paid', () => {
    const view = ticketView(
      ticket({ games: [game({ division: 4, prize: null })], prize: null, payoutStatus: 'prize_pending' }),
    );
    expect(view.games[0]).toMatchObject({
      division: 'Division 4',
      prize: 'Prize to be announced',
      won: true,
    });
    expect(view.prize).toBe('Prize to be announced');
    expect(view.payout).toMatch(/^Prize to be announced/);
    expect(view.won).toBe(true);
  });

  it('counts winning combinations of a system entry', () => {
    const view = ticketView(ticket({ games: [game({ combos: 3 })] }));
    expect(view.games[0]?.division).toBe('Division 5 (3 combinations)');
  });

  it('before the draw: no result, no matches, awaiting the draw', () => {
    const view = ticketView(
      ticket({
        result: null,
        games: [
          game({
            sets: [{ name: 'Numbers', numbers: [1, 2, 3], matched: [], matchedPositions: [] }],
            division: null,
            prize: null,
          }),
        ],
        prize: null,
        payoutStatus: 'no_result',
      }),
    );
    expect(view.result).toBeNull();
    expect(view.games[0]).toMatchObject({ prize: 'Awaiting the draw', matchedText: null, won: false });
    expect(view.prize).toBe('Not drawn yet');
  });

  it('a game that did not win after the result reads No prize', () => {
    const view = ticketView(
      ticket({
        games: [
          game({
            sets: [{ name: 'Numbers', numbers: [1, 2, 4, 5, 6, 8, 9], matched: [], matchedPositions: [] }],
            division: null,
            prize: null,
          }),
        ],
        prize: null,
        payoutStatus: 'not_won',
      }),
    );
    expect(view.games[0]).toMatchObject({ prize: 'No prize', matchedText: 'No numbers matched' });
    expect(view.prize).toBe('No prize');
    expect(view.payout).toBe('No prize this time');
  });

  it('marks main numbers that matched a supplementary ball', () => {
    const view = ticketView(
      ticket({
        result: { ...RESULT, supplementary: [9, 10], supplementaryName: 'Supplementary' },
        games: [
          game({
            sets: [
              {
                name: 'Numbers',
                numbers: [3, 9, 14, 20, 21, 22],
                matched: [3, 14, 22],
                matchedPositions: [0, 2, 5],
              },
            ],
            supplementaryMatched: [9],
          }),
        ],
      }),
    );
    const balls = view.games[0]?.sets[0]?.balls ?? [];
    expect(balls[1]).toMatchObject({
      supplementary: true,
      matched: false,
      label: '9, matched supplementary',
    });
    expect(view.games[0]?.matchedText).toBe('3 numbers and 1 supplementary matched');
    expect(view.result?.supplementary?.balls.map((b) => b.value)).toEqual([9, 10]);
  });

  it('raffle tickets show their numbers and prizes; syndicate tickets their shares', () => {
    const raffle = ticketView(
      ticket({
        productType: 'raffle_ticket',
        result: null,
        games: [],
        raffleTicketNumbers: [
          { number: 41, prizeRank: 1, prizeName: 'Coastal home' },
          { number: 42, prizeRank: null, prizeName: null },
        ],
        prize: null,
        prizeNames: ['Coastal home'],
        payoutStatus: 'not_won',
      }),
    );
    expect(raffle.raffleNumbers).toEqual([
      { number: 41, prize: 'Coastal home' },
      { number: 42, prize: null },
    ]);
    expect(raffle.prize).toBe('Coastal home');
    const share = ticketView(ticket({ productType: 'syndicate_share', numShares: 2 }));
    expect(share.shares).toBe('2 shares');
  });
});

describe('matchedText', () => {
  it('names one number in the singular and leaves out sets without matches', () => {
    const view = ticketView(
      ticket({
        games: [
          game({
            sets: [
              { name: 'Numbers', numbers: [3, 5], matched: [3], matchedPositions: [0] },
              { name: 'Powerball', numbers: [8], matched: [], matchedPositions: [] },
            ],
          }),
        ],
      }),
    );
    expect(matchedText(view.games[0]?.sets ?? [])).toBe('1 number matched');
  });
});

describe('orderView', () => {
  it('sums the order: title, price, draws and what it won', () => {
    const order: OrderDetails = {
      ...testOrder({ nextDraw: null, lastDraw: DRAW, prize: AUD(152.4) }),
      tickets: [ticket()],
    };
    const view = orderView(order);
    expect(view).toMatchObject({
      title: 'Powerball – Standard',
      total: '$7.50',
      draws: '1 draw',
      prize: '$152.40',
    });
    expect(view.bought).toBe('24 Nov 2026');
    expect(view.tickets[0]?.draw).toMatch(/^Draw 1523 · Thu 26 Nov 2026, 8:30pm$/);
  });
});

describe('printableOrders', () => {
  it('prints only the tickets still to be drawn, and no order without one', () => {
    const drawn = ticket({ id: 'drawn' });
    const waiting = ticket({ id: 'waiting', result: null, prize: null, payoutStatus: 'no_result' });
    const orders: OrderDetails[] = [
      { ...testOrder({ id: 'multi', numDraws: 2 }), tickets: [drawn, waiting] },
      { ...testOrder({ id: 'done' }), tickets: [drawn] },
    ];
    const printed = printableOrders(orders);
    expect(printed.map((o) => o.id)).toEqual(['multi']);
    expect(printed[0]?.tickets.map((t) => t.id)).toEqual(['waiting']);
  });
});

describe('a share of a cancelled syndicate draw', () => {
  const cancelled = ticket({
    productType: 'syndicate_share',
    gameType: 'syndicate',
    games: [],
    numShares: 3,
    prize: null,
    payoutStatus: 'not_won',
    refund: AUD(37.2),
  });

  it('says it was cancelled and refunded, with the amount, instead of a prize', () => {
    const view = ticketView(cancelled);
    expect(view.prize).toBe('Cancelled: refunded');
    expect(view.payout).toBe('$37.20 refunded to your wallet');
    expect(view.cancelled).toContain('Your $37.20 was refunded in full.');
    expect(view.won).toBe(false);
    expect(view.result).toBeNull();
    expect(view.shares).toBe('3 shares');
    expect(ticketView(ticket()).cancelled).toBeNull();
  });

  it('is not printed as a ticket still to be drawn', () => {
    const order: OrderDetails = {
      ...testOrder({ id: 'cancelled', productType: 'syndicate_share' }),
      tickets: [{ ...cancelled, payoutStatus: 'no_result' }],
    };
    expect(printableOrders([order])).toEqual([]);
  });
});

describe('printedPrice', () => {
  const order = (draws: string, tickets: number): OrderView => ({
    id: 'o',
    title: 'Powerball',
    bought: '',
    total: '$8.10',
    draws,
    prize: null,
    tickets: Array.from({ length: tickets }, () => ({}) as OrderView['tickets'][number]),
  });

  it("says an order's price once, on its first printed ticket, and never again for its other draws", () => {
    expect(printedPrice(order('1 draw', 1), 0)).toBe('$8.10');
    expect(printedPrice(order('3 draws', 3), 0)).toBe('$8.10 for 3 draws');
    expect(printedPrice(order('3 draws', 3), 1)).toBe("included in the order's $8.10");
    expect(printedPrice(order('3 draws', 1), 0)).toBe('$8.10 for 3 draws');
  });
});
