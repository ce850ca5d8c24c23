import { TicketBalls } from './ticket-balls';
import type { TicketView } from './ticket-detail-view';

/** One ticket (an order's entry in one draw): the result, each game, raffle numbers, shares, the prize. */
export function TicketDetail({ ticket, headingLevel = 2 }: { ticket: TicketView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <article
      id={`ticket-${ticket.id}`}
      aria-labelledby={`ticket-${ticket.id}-heading`}
      className="rounded-lg border border-black/15 p-4 print:break-inside-avoid print:border-black"
      data-testid="ticket"
      data-payout-status={ticket.payoutStatus}
    >
      <Heading id={`ticket-${ticket.id}-heading`} className="text-xl font-bold">
        {ticket.draw}
      </Heading>
      {ticket.result ? (
        <div className="mt-3" data-testid="ticket-result">
          <SubHeading className="font-semibold">Winning numbers</SubHeading>
          <div className="mt-1 flex flex-wrap items-center gap-4">
            {ticket.result.sets.map((set) => (
              <div key={set.name} className="flex items-center gap-2">
                <span className="text-sm text-muted">{set.name}</span>
                <TicketBalls set={set} label={`Winning ${set.name.toLowerCase()}`} />
              </div>
            ))}
            {ticket.result.supplementary ? (
              <div className="flex items-center gap-2">
                <span className="text-sm text-muted">{ticket.result.supplementary.name}</span>
                <TicketBalls
                  set={ticket.result.supplementary}
                  label={`${ticket.result.supplementary.name} numbers`}
                />
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      {ticket.games.length > 0 ? (
        <ol className="mt-4 grid gap-3" aria-label="Games">
          {ticket.games.map((game) => (
            <li
              key={game.index}
              className={`rounded-md p-3 ${game.won ? 'bg-surface ring-2 ring-primary print:ring-black' : 'bg-surface/60'}`}
              data-testid="ticket-game"
              data-won={game.won || undefined}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <SubHeading className="font-semibold">{game.label}</SubHeading>
                <p className="text-sm" data-testid="ticket-game-outcome">
                  {game.division ? (
                    <>
                      <strong data-testid="ticket-game-division">{game.division}</strong> ·{' '}
                    </>
                  ) : null}
                  <span data-testid="ticket-game-prize">{game.prize}</span>
                </p>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                {game.sets.map((set) => (
                  <div key={set.name} className="flex items-center gap-2">
                    {set.balls.every((b) => b.special) ? (
                      <span className="text-sm text-muted">{set.name}</span>
                    ) : null}
                    <TicketBalls set={set} label={`${game.label} ${set.name.toLowerCase()}`} />
                  </div>
                ))}
              </div>
              {game.matchedText ? (
                <p className="mt-1 text-sm text-muted" data-testid="ticket-game-matched">
                  {game.matchedText}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {ticket.raffleNumbers.length > 0 ? (
        <div className="mt-4">
          <SubHeading className="font-semibold">Ticket numbers</SubHeading>
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="ticket-raffle-numbers">
            {ticket.raffleNumbers.map((n) => (
              <li
                key={n.number}
                className={`rounded-md border px-2 py-1 font-mono ${n.prize ? 'border-primary bg-surface font-bold' : 'border-black/20'}`}
              >
                {n.number}
                {n.prize ? <span> · Won {n.prize}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {ticket.cancelled ? (
        <p className="mt-3 rounded-md border border-black/20 bg-surface p-3" data-testid="ticket-cancelled">
          <strong>{ticket.prize}.</strong> {ticket.cancelled}
        </p>
      ) : null}
      {ticket.shares ? (
        <p className="mt-4" data-testid="ticket-shares">
          Shares held: <strong>{ticket.shares}</strong>
        </p>
      ) : null}
      <dl className="mt-4 grid gap-1 border-t border-black/10 pt-3 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold">Prize</dt>
        <dd data-testid="ticket-prize" className={ticket.won ? 'font-bold' : undefined}>
          {ticket.prize}
        </dd>
        <dt className="font-semibold">Status</dt>
        <dd data-testid="ticket-payout">{ticket.payout}</dd>
      </dl>
    </article>
  );
}
