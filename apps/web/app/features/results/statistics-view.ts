/**
 * The statistics page's view: for each drawn number set, how often each number came up (the bars of
 * the frequency chart, laid out here so the chart is plain SVG rendered on the server), the hot and
 * cold numbers, and the same facts in words for readers who do not see the chart.
 */
import type { Statistics } from '@drawhouse/contract';
import { countOf, formatCount, formatLongDate } from '@drawhouse/domain';

/** Hot and cold numbers shown per set: five, or fewer for a small set (Super 66 digits). */
export const HOT_COLD_COUNT = 5;

/** Chart geometry in SVG user units: the SVG scales to its box. */
export const CHART = {
  barStep: 24,
  barWidth: 18,
  plotHeight: 160,
  top: 16,
  left: 36,
  labelBand: 22,
  right: 8,
} as const;

export type NumberStat = { number: number; count: number; lastDrawnDrawNo: number | null };

export type Bar = NumberStat & {
  x: number;
  y: number;
  height: number;
  kind: 'hot' | 'cold' | 'plain';
};

export type SetStatisticsView = {
  name: string;
  /** "Main numbers", "Powerball", "Bonus numbers". */
  heading: string;
  /** One ball of the set: "main number", "Powerball", "bonus number". */
  noun: string;
  /** Id-safe key of the set, for headings and test ids. */
  key: string;
  bars: Bar[];
  /** Gridline values on the count axis (0, the middle, the highest count). */
  ticks: { value: number; y: number }[];
  width: number;
  height: number;
  hot: NumberStat[];
  cold: NumberStat[];
  /** The chart in one sentence: its short text alternative. */
  summary: string;
};

export type StatisticsView = {
  drawsCounted: number;
  period: string | null;
  sets: SetStatisticsView[];
};

function byHot(a: NumberStat, b: NumberStat): number {
  // Most drawn first; among equals the one drawn most recently, then the lower number.
  return b.count - a.count || (b.lastDrawnDrawNo ?? -1) - (a.lastDrawnDrawNo ?? -1) || a.number - b.number;
}

function byCold(a: NumberStat, b: NumberStat): number {
  // Least drawn first; among equals the one not seen the longest (never drawn first), then the lower number.
  return a.count - b.count || (a.lastDrawnDrawNo ?? -1) - (b.lastDrawnDrawNo ?? -1) || a.number - b.number;
}

/** How many hot (and cold) numbers a set of `size` numbers shows: never more than a third of it. */
export function hotColdCount(size: number): number {
  return Math.max(1, Math.min(HOT_COLD_COUNT, Math.floor(size / 3)));
}

/** Hot and cold numbers of a set; none when nothing has been drawn yet. */
export function hotAndCold(numbers: readonly NumberStat[]): { hot: NumberStat[]; cold: NumberStat[] } {
  if (!numbers.some((n) => n.count > 0)) return { hot: [], cold: [] };
  const n = hotColdCount(numbers.length);
  const hot = [...numbers].sort(byHot).slice(0, n);
  const hotNumbers = new Set(hot.map((h) => h.number));
  const cold = [...numbers]
    .sort(byCold)
    .filter((c) => !hotNumbers.has(c.number))
    .slice(0, n);
  return { hot, cold };
}

function setKey(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'numbers'
  );
}

/** How a set's balls are named in headings and sentences. */
export function setWords(name: string): { heading: string; noun: string } {
  if (name === 'Numbers') return { heading: 'Main numbers', noun: 'main number' };
  if (name.toLowerCase() === 'powerball') return { heading: 'Powerball', noun: 'Powerball' };
  return { heading: `${name} numbers`, noun: `${name.toLowerCase()} number` };
}

function listText(stats: readonly NumberStat[]): string {
  return stats.map((s) => `${s.number} (${countOf(s.count, 'time')})`).join(', ');
}

export function setStatisticsView(
  set: Statistics['numberSets'][number],
  drawsCounted: number,
): SetStatisticsView {
  const numbers = [...set.frequencies].sort((a, b) => a.number - b.number);
  const { hot, cold } = hotAndCold(numbers);
  const hotSet = new Set(hot.map((h) => h.number));
  const coldSet = new Set(cold.map((c) => c.number));
  const max = Math.max(1, ...numbers.map((n) => n.count));
  const bars: Bar[] = numbers.map((n, i) => {
    const height = Math.round((n.count / max) * CHART.plotHeight);
    return {
      ...n,
      x: CHART.left + i * CHART.barStep + (CHART.barStep - CHART.barWidth) / 2,
      y: CHART.top + CHART.plotHeight - height,
      height,
      kind: hotSet.has(n.number) ? 'hot' : coldSet.has(n.number) ? 'cold' : 'plain',
    };
  });
  const tickValues = [...new Set([0, Math.round(max / 2), max])];
  const { heading, noun } = setWords(set.name);
  const summary =
    hot.length === 0
      ? `No ${noun} has been drawn yet.`
      : `${heading} from ${set.first} to ${set.last} in ${countOf(drawsCounted, 'draw')}: ` +
        `drawn most often ${listText(hot)}; least often ${listText(cold)}.`;
  return {
    name: set.name,
    heading,
    noun,
    key: setKey(set.name),
    bars,
    ticks: tickValues.map((value) => ({
      value,
      y: CHART.top + CHART.plotHeight - Math.round((value / max) * CHART.plotHeight),
    })),
    width: CHART.left + numbers.length * CHART.barStep + CHART.right,
    height: CHART.top + CHART.plotHeight + CHART.labelBand,
    hot,
    cold,
    summary,
  };
}

function dateOf(iso: string | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function statisticsView(statistics: Statistics): StatisticsView {
  const from = dateOf(statistics.fromDate);
  const to = dateOf(statistics.toDate);
  const [earlier, later] = from && to && from > to ? [to, from] : [from, to];
  return {
    drawsCounted: statistics.drawsCounted,
    period:
      earlier && later
        ? `${formatCount(statistics.drawsCounted)} draws from ${formatLongDate(earlier)} to ${formatLongDate(later)}`
        : null,
    sets: statistics.numberSets.map((set) => setStatisticsView(set, statistics.drawsCounted)),
  };
}
