import { type Ref, useId, useState } from 'react';
import type { EntrySummary as Summary } from './play-state';

/**
 * The entry's price and odds, sticky at the foot of the play panel. On a phone it keeps to one
 * line (the odds open with a button) so that it hides little of the games under it; the skip link
 * of the panel brings the focus here.
 */
export function EntrySummary({
  id,
  summary,
  drawsText,
  minGamesText,
  ref,
}: {
  id: string;
  summary: Summary;
  /** "1 draw", "every draw (autoplay)". */
  drawsText: string;
  /** What is missing before the entry can be played, or null. */
  minGamesText: string | null;
  ref?: Ref<HTMLElement>;
}) {
  const [oddsOpen, setOddsOpen] = useState(false);
  const oddsId = useId();
  return (
    <section
      ref={ref}
      id={id}
      tabIndex={-1}
      aria-label="Your entry"
      data-testid="entry-summary"
      className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-black/10 bg-surface px-4 py-2 shadow-lg md:items-start md:py-4"
    >
      <div aria-live="polite" className="flex flex-wrap items-baseline gap-x-3 md:block">
        <p className="text-sm font-semibold text-muted">
          {summary.completeCount} {summary.completeCount === 1 ? 'game' : 'games'} × {drawsText}
        </p>
        <p className="text-2xl font-extrabold tabular-nums md:text-3xl" data-testid="entry-price">
          {summary.price}
        </p>
        {minGamesText ? <p className="w-full text-sm">{minGamesText}</p> : null}
      </div>
      {summary.topOdds ? (
        <>
          <button
            type="button"
            className="rounded-md border border-current px-3 py-1 text-sm font-semibold md:hidden"
            aria-expanded={oddsOpen}
            aria-controls={oddsId}
            data-testid="entry-odds-toggle"
            onClick={() => setOddsOpen((open) => !open)}
          >
            {oddsOpen ? 'Hide odds' : 'Odds'}
          </button>
          <dl
            id={oddsId}
            className={`${oddsOpen ? 'grid' : 'hidden'} w-full grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm md:grid md:w-auto`}
            data-testid="entry-odds"
          >
            <dt className="font-semibold">Top division</dt>
            <dd className="tabular-nums">{summary.topOdds}</dd>
            {summary.anyPrizeOdds ? (
              <>
                <dt className="font-semibold">Any prize</dt>
                <dd className="tabular-nums">{summary.anyPrizeOdds}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : null}
    </section>
  );
}
