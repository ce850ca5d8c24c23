import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstDrawOf,
  listedDraws,
  livePurchaseStatus,
  type PurchaseStatus,
  purchasableDraws,
  takesEntriesRiding,
  UPCOMING_DRAWS,
  weekdayNameAt,
} from './draws-on-sale.ts';

const NOW = new Date('2026-11-20T00:00:00Z');
const DAY_MS = 86_400_000;

type Draw = {
  drawNo: number;
  drawAt: Date;
  status: string;
  stopAt: Date;
  preOrderStartAt: Date | null;
  purchaseStatus: PurchaseStatus;
};

/** A draw `days` after NOW, taking entries until an hour before, on sale at once unless overridden. */
function draw(drawNo: number, days: number, overrides: Partial<Draw> = {}): Draw {
  const drawAt = new Date(NOW.getTime() + days * DAY_MS);
  return {
    drawNo,
    drawAt,
    status: 'DRAW_OPEN',
    stopAt: new Date(drawAt.getTime() - 3_600_000),
    preOrderStartAt: null,
    purchaseStatus: 'pre_order',
    ...overrides,
  };
}

const numbers = (list: readonly { draw: { drawNo: number } }[]) => list.map((d) => d.draw.drawNo);

describe('livePurchaseStatus', () => {
  it('makes the soonest draw open and later ones pre-orders, keeping sold out', () => {
    expect(livePurchaseStatus(0, 'pre_order')).toBe('open');
    expect(livePurchaseStatus(1, 'open')).toBe('pre_order');
    expect(livePurchaseStatus(0, 'sold_out')).toBe('sold_out');
  });
});

describe('listedDraws', () => {
  it(`lists at most ${UPCOMING_DRAWS} draws, the soonest open and later ones on pre-order`, () => {
    const draws = [1, 2, 3, 4, 5, 6, 7].map((n) => draw(n, n));
    const listed = listedDraws(draws, NOW);
    expect(numbers(listed)).toEqual([1, 2, 3, 4, 5]);
    expect(listed.map((d) => d.purchaseStatus)).toEqual([
      'open',
      'pre_order',
      'pre_order',
      'pre_order',
      'pre_order',
    ]);
  });

  it('leaves out draws that take no entries: closed, or past their stop time', () => {
    const draws = [
      draw(1, 0.01),
      draw(2, 1, { status: 'DRAW_CLOSED' }),
      draw(3, 2, { stopAt: NOW }),
      draw(4, 3),
    ];
    expect(listedDraws(draws, NOW).map((d) => [d.draw.drawNo, d.purchaseStatus])).toEqual([[4, 'open']]);
  });

  it('leaves out a later draw until its pre-order window starts, never the soonest', () => {
    const later = new Date(NOW.getTime() + DAY_MS / 2);
    const draws = [
      draw(1, 1, { preOrderStartAt: later }),
      draw(2, 2, { preOrderStartAt: later }),
      draw(3, 3, { preOrderStartAt: NOW }),
      draw(4, 4),
    ];
    expect(numbers(listedDraws(draws, NOW))).toEqual([1, 3, 4]);
    expect(numbers(listedDraws(draws, later))).toEqual([1, 2, 3, 4]);
  });

  it('marks every draw sold out when the stock is gone, and a draw stored sold out stays so', () => {
    const draws = [draw(1, 1), draw(2, 2), draw(3, 3, { purchaseStatus: 'sold_out' })];
    expect(listedDraws(draws, NOW, true).map((d) => d.purchaseStatus)).toEqual([
      'sold_out',
      'sold_out',
      'sold_out',
    ]);
    expect(listedDraws(draws, NOW).map((d) => d.purchaseStatus)).toEqual(['open', 'pre_order', 'sold_out']);
  });
});

describe('purchasableDraws', () => {
  it('are the listed draws that are open or on pre-order', () => {
    const draws = [draw(1, 1, { purchaseStatus: 'sold_out' }), draw(2, 2), draw(3, 3)];
    expect(purchasableDraws(draws, NOW).map((d) => [d.draw.drawNo, d.purchaseStatus])).toEqual([
      [2, 'pre_order'],
      [3, 'pre_order'],
    ]);
    expect(purchasableDraws(draws, NOW, true)).toEqual([]);
  });

  it('property: a purchasable draw is always one the catalogue lists, with the same status', () => {
    const arbitraryDraw = fc.record({
      days: fc.double({ min: -2, max: 60, noNaN: true }),
      closed: fc.boolean(),
      preOrderDays: fc.option(fc.double({ min: -60, max: 60, noNaN: true })),
      soldOut: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryDraw, { maxLength: 12 }), fc.boolean(), (specs, soldOut) => {
        const draws = specs
          .map((s, i) =>
            draw(i + 1, s.days, {
              status: s.closed ? 'DRAW_CLOSED' : 'DRAW_OPEN',
              preOrderStartAt:
                s.preOrderDays === null ? null : new Date(NOW.getTime() + s.preOrderDays * DAY_MS),
              purchaseStatus: s.soldOut ? 'sold_out' : 'pre_order',
            }),
          )
          .sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
        const listed = listedDraws(draws, NOW, soldOut);
        const purchasable = purchasableDraws(draws, NOW, soldOut);
        expect(listed.length).toBeLessThanOrEqual(UPCOMING_DRAWS);
        for (const p of purchasable) expect(listed).toContainEqual(p);
        for (const l of listed) expect(l.draw.stopAt.getTime()).toBeGreaterThan(NOW.getTime());
      }),
    );
  });
});

describe('firstDrawOf', () => {
  const draws = [1, 2, 3, 4, 5, 6].map((n) => draw(n, n));
  const onSale = purchasableDraws(draws, NOW);
  const sydney = { timeZone: 'Australia/Sydney' };

  it('is the draw asked for, or the soonest', () => {
    expect(firstDrawOf(onSale, sydney)).toMatchObject({
      ok: true,
      draw: { drawNo: 1 },
      purchaseStatus: 'open',
    });
    expect(firstDrawOf(onSale, { ...sydney, firstDrawNo: 4 })).toMatchObject({
      ok: true,
      draw: { drawNo: 4 },
      purchaseStatus: 'pre_order',
    });
  });

  it('refuses a draw that is not listed (the sixth upcoming one) and answers when nothing is on sale', () => {
    expect(firstDrawOf(onSale, { ...sydney, firstDrawNo: 6 })).toEqual({ ok: false, reason: 'not_on_sale' });
    expect(firstDrawOf([], sydney)).toEqual({ ok: false, reason: 'none_on_sale' });
    expect(firstDrawOf([], { ...sydney, firstDrawNo: 1 })).toEqual({ ok: false, reason: 'not_on_sale' });
  });

  it("reads a chosen day on the lottery's clock", () => {
    // Monday 7 am in Sydney is still Sunday in UTC.
    const mondayMorning = new Date('2026-11-22T20:00:00Z');
    expect(weekdayNameAt(mondayMorning, 'Australia/Sydney')).toBe('monday');
    expect(weekdayNameAt(mondayMorning, 'UTC')).toBe('sunday');
    const sale = purchasableDraws([draw(1, 1), { ...draw(2, 2), drawAt: mondayMorning }], NOW);
    expect(firstDrawOf(sale, { ...sydney, day: 'monday' })).toMatchObject({ ok: true, draw: { drawNo: 2 } });
    expect(firstDrawOf(sale, { ...sydney, day: 'monday', firstDrawNo: 1 })).toEqual({
      ok: false,
      reason: 'not_on_sale',
    });
    expect(firstDrawOf(sale, { ...sydney, day: 'tuesday' })).toEqual({ ok: false, reason: 'none_on_sale' });
  });
});

describe('takesEntriesRiding', () => {
  const open = { status: 'DRAW_OPEN', stopAt: new Date(NOW.getTime() + 1_000) };
  it('sells a rider only while every draw it rides takes entries, to the millisecond', () => {
    expect(takesEntriesRiding(open, [], NOW)).toBe(true);
    expect(takesEntriesRiding(open, [open], NOW)).toBe(true);
    expect(takesEntriesRiding(open, [{ ...open, status: 'DRAW_CLOSED' }], NOW)).toBe(false);
    expect(takesEntriesRiding(open, [{ ...open, status: 'DRAW_DRAWN' }], NOW)).toBe(false);
    expect(takesEntriesRiding(open, [{ ...open, stopAt: NOW }], NOW)).toBe(false);
    expect(takesEntriesRiding(open, [open], new Date(NOW.getTime() + 999))).toBe(true);
    expect(takesEntriesRiding(open, [open], new Date(NOW.getTime() + 1_000))).toBe(false);
    expect(takesEntriesRiding({ ...open, status: 'DRAW_CLOSED' }, [open], NOW)).toBe(false);
  });
});
