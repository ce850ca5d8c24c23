import type { DrawDetails } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  ballSets,
  drawCardView,
  drawNumber,
  fullResultView,
  pagerView,
  proofView,
} from './results-view.server';

const AUD = (amount: number) => ({ amount, currency: 'AUD' });

function draw(overrides: Partial<DrawDetails> = {}): DrawDetails {
  return {
    drawId: 'd1',
    productOfferKey: 'powerball',
    offerName: 'Powerball',
    lotteryKey: 'powerball',
    displayCategory: 'lotto',
    drawType: 'lottery_ticket_draw',
    drawNo: 1512,
    status: 'DRAW_PAID',
    stopDate: '2026-11-19T08:30:00.000Z',
    drawDate: '2026-11-19T09:30:00.000Z',
    jackpot: AUD(20_000_000),
    result: {
      numbers: [
        { name: 'Numbers', numbers: [4, 11, 19, 23, 28, 31, 35] },
        { name: 'Powerball', numbers: [7] },
      ],
      supplementary: [],
      supplementaryName: null,
      publishedAt: '2026-11-19T09:45:00.000Z',
    },
    divisions: [
      { division: 1, description: '7 numbers + Powerball', winners: 0, prize: null },
      { division: 9, description: '2 numbers + Powerball', winners: 123_456, prize: AUD(12.3) },
    ],
    raffle: null,
    ...overrides,
  };
}

describe('winning balls', () => {
  it('keeps the main numbers and the Powerball apart, in drawn order', () => {
    expect(ballSets(draw().result)).toEqual([
      { label: 'Winning numbers', kind: 'main', numbers: [4, 11, 19, 23, 28, 31, 35] },
      { label: 'Powerball', kind: 'powerball', numbers: [7] },
    ]);
  });

  it('names supplementary and bonus balls as the result does', () => {
    const result = {
      numbers: [{ name: 'Numbers', numbers: [1, 2, 3, 4, 5, 6, 7] }],
      supplementary: [8, 9],
      supplementaryName: 'Bonus',
      publishedAt: '2026-11-19T09:45:00.000Z',
    };
    expect(ballSets(result)[1]).toEqual({ label: 'Bonus numbers', kind: 'supplementary', numbers: [8, 9] });
    expect(ballSets({ ...result, supplementary: [8], supplementaryName: null })[1]?.label).toBe(
      'Supplementary number',
    );
    expect(ballSets(null)).toEqual([]);
  });
});

describe('a draw card', () => {
  it('gives the draw date on the Sydney clock, the jackpot and the full result address', () => {
    expect(drawCardView(draw())).toMatchObject({
      kind: 'lottery',
      drawNo: 1512,
      drawDate: 'Thu 19 Nov 2026, 8:30pm',
      jackpot: '$20,000,000',
      href: '/powerball/results/draw/1512',
    });
  });

  it('links no full result for a syndicate, which has no results pages of its own', () => {
    const syndicate = draw({ productOfferKey: 'powerball-syndicate', displayCategory: 'syndicate' });
    expect(drawCardView(syndicate).href).toBeNull();
  });

  it('has no jackpot line without an announced jackpot', () => {
    expect(drawCardView(draw({ jackpot: null })).jackpot).toBeNull();
    expect(drawCardView(draw({ jackpot: AUD(0) })).jackpot).toBeNull();
  });
});

describe('a full result', () => {
  it('lists the divisions with winners and the prize per game ("–" until known)', () => {
    const view = fullResultView(draw());
    expect(view.published).toBe(true);
    expect(view.pending).toBeNull();
    expect(view.divisions).toEqual([
      { division: 1, description: '7 numbers + Powerball', winners: '0', prize: '–' },
      { division: 9, description: '2 numbers + Powerball', winners: '123,456', prize: '$12.30' },
    ]);
  });

  it('says when a draw without results is drawn, and shows no divisions', () => {
    const view = fullResultView(draw({ status: 'DRAW_OPEN', result: null }));
    expect(view).toMatchObject({ published: false, open: true, divisions: [], balls: [] });
    expect(view.pending).toBe(
      'Draw 1,512 is drawn Thu 19 Nov 2026, 8:30pm. Its results appear here once they are published.',
    );
  });

  it('shows a raffle draw’s prizes with the winning tickets and its proof', () => {
    const proof = {
      algorithm: 'hmac-sha256-rejection',
      version: 1,
      commitment: 'ab'.repeat(32),
      seed: 'cd'.repeat(32),
      ticketsSold: 81_234,
      winningTickets: [512, 77],
    };
    const view = fullResultView(
      draw({
        productOfferKey: 'coastal-prize-home',
        drawType: 'raffle_ticket_draw',
        result: null,
        divisions: [],
        raffle: {
          prizes: [
            { rank: 1, name: 'Home', value: AUD(1_650_000), winningTicket: 512 },
            { rank: 2, name: 'Car', value: AUD(185_000), winningTicket: 77 },
          ],
          proof,
        },
      }),
    );
    expect(view.kind).toBe('raffle');
    expect(view.prizes).toEqual([
      { rank: 1, name: 'Home', value: '$1,650,000.00', winningTicket: 512 },
      { rank: 2, name: 'Car', value: '$185,000.00', winningTicket: 77 },
    ]);
    expect(view.proof).toEqual({
      algorithm: proof.algorithm,
      version: 1,
      commitment: proof.commitment,
      published: { seed: proof.seed, ticketsSold: 81_234, winningTickets: [512, 77] },
    });
  });

  it('keeps only the commitment of a draw not yet made', () => {
    expect(proofView({ algorithm: 'hmac-sha256-rejection', version: 1, commitment: 'ab' })).toEqual({
      algorithm: 'hmac-sha256-rejection',
      version: 1,
      commitment: 'ab',
      published: null,
    });
    expect(proofView(null)).toBeNull();
  });
});

describe('paging', () => {
  const href = (p: number) => (p === 1 ? '/x' : `/x?page=${p}`);

  it('links the previous and next pages and a window of five around the current one', () => {
    const pager = pagerView(5, 48, 5, href);
    expect(pager).toMatchObject({ page: 5, pages: 10, previous: '/x?page=4', next: '/x?page=6' });
    expect(pager.links.map((l) => l.page)).toEqual([3, 4, 5, 6, 7]);
    expect(pager.links.find((l) => l.current)?.page).toBe(5);
  });

  it('keeps the window inside the pages at either end', () => {
    expect(pagerView(1, 48, 5, href).links.map((l) => l.page)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerView(1, 48, 5, href).previous).toBeNull();
    expect(pagerView(10, 48, 5, href).links.map((l) => l.page)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerView(10, 48, 5, href).next).toBeNull();
    expect(pagerView(1, 0, 5, href)).toMatchObject({
      pages: 1,
      links: [{ page: 1, href: '/x', current: true }],
    });
  });

  it('reads a draw number', () => {
    expect(drawNumber('1512')).toBe(1512);
    expect(drawNumber('15x')).toBeNull();
    expect(drawNumber(undefined)).toBeNull();
  });
});
