import { ScrollRegion } from '../../components/scroll-region';
import { ColumnHeads } from './column-heads';
import { CHART, type NumberStat, type SetStatisticsView } from './statistics-view';

const BAR_CLASS = { hot: 'fill-primary', cold: 'fill-secondary', plain: 'fill-muted' } as const;

function NumberList({ title, numbers, testId }: { title: string; numbers: NumberStat[]; testId: string }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ol className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
        {numbers.map((n) => (
          <li
            key={n.number}
            className="flex flex-col items-center rounded-lg border border-black/15 px-3 py-1"
          >
            <span className="text-lg font-bold">{n.number}</span>
            <span className="text-xs text-muted">{n.count}×</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A number set's frequency chart: an SVG bar per number (hot numbers in the primary colour, cold in
 * the secondary), named and described for screen readers, with the hot and cold numbers beside it
 * and every count in a table under a disclosure.
 */
export function FrequencyChart({ set }: { set: SetStatisticsView }) {
  const titleId = `chart-${set.key}-title`;
  const descId = `chart-${set.key}-desc`;
  const baseline = CHART.top + CHART.plotHeight;
  return (
    <section aria-labelledby={`set-${set.key}`} className="mt-8" data-testid={`statistics-${set.key}`}>
      <h2 id={`set-${set.key}`} className="text-2xl font-bold">
        {set.heading}
      </h2>
      <figure className="mt-4">
        <ScrollRegion label={`Chart of how often each ${set.noun} was drawn`}>
          <svg
            role="img"
            aria-labelledby={titleId}
            aria-describedby={descId}
            viewBox={`0 0 ${set.width} ${set.height}`}
            className="h-auto w-full"
            // Bars keep about their drawn size: a small set (the Powerball's 20) is not blown up to the
            // page's width, and a large one scrolls sideways on a narrow screen rather than shrinking.
            style={{
              maxWidth: `${Math.round(set.width * 1.25)}px`,
              minWidth: `${Math.round(set.width * 0.6)}px`,
            }}
            data-testid={`frequency-chart-${set.key}`}
          >
            <title id={titleId}>{`How often each ${set.noun} was drawn`}</title>
            <desc id={descId}>{set.summary}</desc>
            {set.ticks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={CHART.left - 4}
                  x2={set.width - CHART.right}
                  y1={tick.y}
                  y2={tick.y}
                  className="stroke-black/15"
                />
                <text x={CHART.left - 8} y={tick.y + 4} textAnchor="end" fontSize="11" className="fill-ink">
                  {tick.value}
                </text>
              </g>
            ))}
            {set.bars.map((bar) => (
              <g key={bar.number}>
                <rect
                  x={bar.x}
                  y={bar.y}
                  width={CHART.barWidth}
                  height={bar.height}
                  rx="2"
                  className={BAR_CLASS[bar.kind]}
                />
                <text
                  x={bar.x + CHART.barWidth / 2}
                  y={baseline + 15}
                  textAnchor="middle"
                  fontSize="11"
                  className="fill-ink"
                >
                  {bar.number}
                </text>
              </g>
            ))}
          </svg>
        </ScrollRegion>
        <figcaption className="mt-2 text-sm text-muted">
          Bars show how many times each number was drawn. Hot numbers are in the primary colour, cold numbers
          in the secondary colour.
        </figcaption>
      </figure>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <NumberList title="Hot numbers" numbers={set.hot} testId={`hot-${set.key}`} />
        <NumberList title="Cold numbers" numbers={set.cold} testId={`cold-${set.key}`} />
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">Counts of every {set.noun}, as a table</summary>
        <table className="mt-2 w-full max-w-md text-left" data-testid={`frequency-table-${set.key}`}>
          <caption className="sr-only">Times each {set.noun} was drawn</caption>
          <ColumnHeads columns={['Number', 'Times drawn', 'Last drawn in draw']} />
          <tbody>
            {set.bars.map((bar) => (
              <tr key={bar.number} className="border-b border-black/5">
                <th scope="row" className="py-1 pr-4 font-semibold">
                  {bar.number}
                </th>
                <td className="py-1 pr-4">{bar.count}</td>
                <td className="py-1">{bar.lastDrawnDrawNo ?? 'Not drawn'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
