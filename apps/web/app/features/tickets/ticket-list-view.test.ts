import { describe, expect, it } from 'vitest';
import { AUD, testOrder as order } from './test-orders';
import { listPath, ticketListView, ticketPath } from './ticket-list-view';

describe('paging', () => {
  it('links the previous and next pages, page 1 without a number', () => {
    const middle = ticketListView('past', [], 2, 3);
    expect(middle.previous).toBe('/my-account/past-tickets');
    expect(middle.next).toBe('/my-account/past-tickets/3');
    const last = ticketListView('upcoming', [], 3, 3);
    expect(last.previous).toBe('/my-account/upcoming-tickets/2');
    expect(last.next).toBeNull();
    expect(listPath('upcoming', 1)).toBe('/my-account/upcoming-tickets');
  });
});

describe('rows', () => {
  it('an upcoming order links its ticket page and names its next draw', () => {
    const [row] = ticketListView('upcoming', [order({ id: 'o 1' })], 1, 1).rows;
    expect(row?.href).toBe('/my-account/upcoming-tickets/ticket/o%201');
    expect(row?.draw).toBe('Draw 1523 · Thu 26 Nov 2026, 8:30pm');
    expect(row?.bought).toBe('Bought 24 Nov 2026');
    expect(row?.total).toBe('$7.50');
    expect(row?.outcome).toBeNull();
  });

  it('a multi-draw order says how many draws', () => {
    const [row] = ticketListView('upcoming', [order({ numDraws: 3 })], 1, 1).rows;
    expect(row?.draw).toBe('Draw 1523 · Thu 26 Nov 2026, 8:30pm (of 3 draws)');
  });

  it('a past order links its cart replay ("Buy these again"); an upcoming one does not', () => {
    const [past] = ticketListView('past', [order({ checkoutId: 'c9' })], 1, 1).rows;
    expect(past?.replayHref).toBe('/cart/replay/c9');
    const [upcoming] = ticketListView('upcoming', [order({ checkoutId: 'c9' })], 1, 1).rows;
    expect(upcoming?.replayHref).toBeNull();
  });

  it('a past order says what it won, or No prize', () => {
    const [won, lost] = ticketListView('past', [order({ prize: AUD(25) }), order({ id: 'o2' })], 1, 1).rows;
    expect(won).toMatchObject({ outcome: 'Won $25.00', won: true });
    expect(lost).toMatchObject({ outcome: 'No prize', won: false, href: ticketPath('past', 'o2') });
  });

  it('a past order whose division waits for its prize never says No prize', () => {
    const rows = ticketListView(
      'past',
      [order({ prizePending: true }), order({ id: 'o2', prize: AUD(25), prizePending: true })],
      1,
      1,
    ).rows;
    expect(rows.map((r) => r.outcome)).toEqual(['Prize to be announced', 'Won $25.00, more to be announced']);
  });
});
