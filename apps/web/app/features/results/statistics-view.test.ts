import { describe, expect, it } from 'vitest';
import {
  CHART,
  hotAndCold,
  hotColdCount,
  setStatisticsView,
  setWords,
  statisticsView,
} from './statistics-view';

const stat = (number: number, count: number, lastDrawnDrawNo: number | null = count > 0 ? 100 : null) => ({
  number,
  count,
  lastDrawnDrawNo,
});

describe('hot and cold numbers', () => {
  it('shows five of a large set and a third of a small one', () => {
    expect(hotColdCount(35)).toBe(5);
    expect(hotColdCount(10)).toBe(3);
    expect(hotColdCount(2)).toBe(1);
  });

  it('ranks by count, then by the most recent draw (hot) or the longest wait (cold), then by number', () => {
    const numbers = [
      stat(1, 4, 90),
      stat(2, 4, 95),
      stat(3, 1, 50),
      stat(4, 0),
      stat(5, 1, 40),
      stat(6, 9, 99),
      stat(7, 2, 80),
      stat(8, 2, 81),
      stat(9, 0),
      stat(10, 3, 70),
      stat(11, 3, 60),
      stat(12, 5, 85),
      stat(13, 6, 86),
      stat(14, 7, 87),
      stat(15, 8, 88),
    ];
    const { hot, cold } = hotAndCold(numbers);
    expect(hot.map((n) => n.number)).toEqual([6, 15, 14, 13, 12]);
    // Never drawn first (4 before 9 by number), then the one drawn longest ago.
    expect(cold.map((n) => n.number)).toEqual([4, 9, 5, 3, 7]);
  });

  it('has none before any number is drawn, and never names a number both hot and cold', () => {
    expect(hotAndCold([stat(1, 0), stat(2, 0), stat(3, 0)])).toEqual({ hot: [], cold: [] });
    const { hot, cold } = hotAndCold([stat(1, 1), stat(2, 1), stat(3, 1)]);
    expect(hot.map((n) => n.number)).toEqual([1]);
    expect(cold.map((n) => n.number)).toEqual([2]);
  });
});

describe('the frequency chart of a set', () => {
  const set = {
    name: 'Powerball',
    first: 1,
    last: 4,
    frequencies: [stat(3, 2, 7), stat(1, 4, 9), stat(2, 0), stat(4, 1, 3)],
  };
  const view = setStatisticsView(set, 7);

  it('lays out one bar per number in number order, the highest count filling the plot', () => {
    expect(view.bars.map((b) => b.number)).toEqual([1, 2, 3, 4]);
    expect(view.bars[0]).toMatchObject({ height: CHART.plotHeight, y: CHART.top, kind: 'hot' });
    expect(view.bars[1]).toMatchObject({ height: 0, y: CHART.top + CHART.plotHeight, kind: 'cold' });
    expect(view.bars[2]?.height).toBe(CHART.plotHeight / 2);
    expect(view.bars[3]?.x).toBeGreaterThan(view.bars[2]?.x ?? Number.POSITIVE_INFINITY);
    expect(view.width).toBe(CHART.left + 4 * CHART.barStep + CHART.right);
  });

  it('marks the axis at zero, half and the highest count', () => {
    expect(view.ticks.map((t) => t.value)).toEqual([0, 2, 4]);
    expect(view.ticks[2]?.y).toBe(CHART.top);
  });

  it('says what the chart shows in words', () => {
    expect(view.summary).toBe(
      'Powerball from 1 to 4 in 7 draws: drawn most often 1 (4 times); least often 2 (0 times).',
    );
    expect(view.key).toBe('powerball');
  });

  it('names the main numbers and the supplementary or bonus balls', () => {
    expect(setWords('Numbers')).toEqual({ heading: 'Main numbers', noun: 'main number' });
    expect(setWords('Bonus')).toEqual({ heading: 'Bonus numbers', noun: 'bonus number' });
    expect(setWords('Powerball')).toEqual({ heading: 'Powerball', noun: 'Powerball' });
  });
});

describe('the statistics page', () => {
  it('names the period of the draws counted, in order', () => {
    const view = statisticsView({
      lotteryKey: 'powerball',
      drawsCounted: 13,
      fromDate: '2026-11-19T09:30:00.000Z',
      toDate: '2026-08-27T10:30:00.000Z',
      numberSets: [],
    });
    expect(view.period).toBe('13 draws from Thursday 27 August 2026 to Thursday 19 November 2026');
  });

  it('has no period without draws', () => {
    const view = statisticsView({
      lotteryKey: 'powerball',
      drawsCounted: 0,
      fromDate: null,
      toDate: null,
      numberSets: [],
    });
    expect(view.period).toBeNull();
  });
});
