import { Link } from 'react-router';
import { WinningBalls } from './balls';
import { RaffleWinningTickets } from './raffle-prizes';
import type { DrawCardView } from './results-view';

/**
 * A draw in a list of results: its balls (a raffle's winning tickets), draw number, date and
 * jackpot, and a link to its full result. `titled` names the offer in the heading (the results of
 * every offer); otherwise the heading is the draw.
 */
export function DrawCard({
  draw,
  titled = false,
  headingLevel = 2,
}: {
  draw: DrawCardView;
  titled?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `draw-${draw.offerKey}-${draw.drawNo}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-black/10 p-5"
      data-testid={`draw-card-${draw.offerKey}-${draw.drawNo}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={headingId} className="text-xl font-bold">
          {titled ? draw.offerName : `Draw ${draw.drawNo}`}
        </Heading>
        <p className="text-sm text-muted">
          {titled ? `Draw ${draw.drawNo} · ` : ''}
          <time dateTime={draw.drawAt}>{draw.drawDate}</time>
        </p>
      </div>
      {draw.jackpot ? (
        <p className="mt-1 text-sm">
          <span className="font-semibold">{draw.kind === 'raffle' ? 'First prize' : 'Jackpot'}:</span>{' '}
          {draw.jackpot}
        </p>
      ) : null}
      <div className="mt-3">
        {draw.kind === 'raffle' ? (
          <RaffleWinningTickets prizes={draw.prizes} />
        ) : (
          <WinningBalls sets={draw.balls} />
        )}
      </div>
      {draw.href ? (
        <p className="mt-4">
          <Link to={draw.href} className="link font-semibold" data-testid="full-result-link">
            Full result
            <span className="sr-only">
              {' '}
              of {draw.offerName} draw {draw.drawNo}
            </span>
          </Link>
        </p>
      ) : null}
    </article>
  );
}
