import type { BallSetView } from './ticket-detail-view';

/**
 * A set of numbers as balls. A matched ball is filled and carries a tick (not colour alone), and
 * its name says "matched" to screen readers; a supplementary match is outlined with a plus.
 */
export function TicketBalls({ set, label }: { set: BallSetView; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-wrap items-center gap-1.5">
      {set.balls.map((ball, index) => (
        <li
          // Super 66 digits may repeat: the position is the ball's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a ball's place in the game names it
          key={index}
          data-testid="ticket-ball"
          data-matched={ball.matched || undefined}
          data-supplementary={ball.supplementary || undefined}
          className={`relative inline-flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold tabular-nums print:border ${
            ball.matched
              ? 'border-primary bg-primary text-on-primary print:border-black print:bg-white print:text-black print:underline'
              : ball.supplementary
                ? 'border-dashed border-primary bg-page text-ink'
                : ball.special
                  ? 'border-accent bg-accent/20 text-ink print:border-black print:bg-white'
                  : 'border-black/30 bg-page text-ink print:border-black'
          }`}
        >
          <span aria-hidden="true">{ball.value}</span>
          <span className="sr-only">{ball.label}</span>
          {ball.matched || ball.supplementary ? (
            <span
              aria-hidden="true"
              className="absolute -right-1 -top-1 inline-flex size-4 items-center justify-center rounded-full border border-page bg-ink text-[0.65rem] leading-none text-page"
            >
              {ball.matched ? '✓' : '+'}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
