import { formatOdds, raffleOdds } from '@drawhouse/domain';
import { useId, useState } from 'react';
import type { OfferPageView } from '../../features/catalogue/offer-view';
import { AddItemButton } from './add-item-button';

type Raffle = NonNullable<OfferPageView['raffle']>;

/** Why nothing can be bought, or null when a book can be. */
export function raffleClosedReason(raffle: Raffle, available: boolean): string | null {
  if (!available) return 'This raffle is not on sale at the moment.';
  if (!raffle.open) return 'This raffle has closed: tickets can no longer be bought.';
  if (raffle.ticketsLeft === 0) return 'This raffle is sold out.';
  if (!raffle.books.some((b) => b.numTickets <= raffle.ticketsLeft)) {
    return 'Not enough tickets are left for any ticket book.';
  }
  return null;
}

/**
 * The raffle's buy panel: choose a ticket book (and the cause, when the raffle supports more than
 * one), then add it to the cart. `firstDrawNo` buys for that draw (the draw's own buy page).
 */
export function RaffleBuy({
  raffle,
  offerKey,
  available,
  causes = [],
  firstDrawNo,
}: {
  raffle: Raffle;
  offerKey: string;
  available: boolean;
  causes?: readonly { key: string; name: string }[];
  firstDrawNo?: number;
}) {
  const closed = raffleClosedReason(raffle, available);
  const fits = raffle.books.filter((b) => b.numTickets <= raffle.ticketsLeft);
  const [chosen, setChosen] = useState<number | null>(fits[0]?.numTickets ?? null);
  const [cause, setCause] = useState<string | null>(causes.length === 1 ? (causes[0]?.key ?? null) : null);
  const titleId = useId();
  const messageId = useId();
  const name = useId();
  const causeName = useId();
  const causeReady = causes.length <= 1 || cause !== null;
  const sold = raffle.totalTickets - raffle.ticketsLeft;
  const odds =
    closed === null && chosen !== null
      ? raffleOdds(chosen, sold + chosen, Math.max(1, raffle.prizes.length))
      : null;
  const item =
    closed === null && chosen !== null && causeReady
      ? {
          lottery: offerKey,
          book: chosen,
          ...(cause ? { cause_key: cause } : {}),
          ...(firstDrawNo !== undefined ? { first_draw_no: firstDrawNo } : {}),
        }
      : null;
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 flex flex-col gap-4 rounded-xl border border-black/10 bg-surface p-5"
      data-testid="raffle-buy"
    >
      <h2 id={titleId} className="text-2xl font-bold">
        Buy raffle tickets
      </h2>
      <fieldset disabled={closed !== null} aria-describedby={closed ? messageId : undefined}>
        <legend className="font-semibold">Choose a ticket book</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {raffle.books.map((book) => {
            const tooBig = book.numTickets > raffle.ticketsLeft;
            const label = `${book.numTickets} ${book.numTickets === 1 ? 'ticket' : 'tickets'} for ${book.price}`;
            return (
              <label
                key={book.numTickets}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-black/15 bg-page px-3 py-2 has-checked:border-primary has-disabled:cursor-not-allowed has-disabled:opacity-60"
              >
                <input
                  type="radio"
                  name={name}
                  value={book.numTickets}
                  checked={chosen === book.numTickets}
                  disabled={tooBig}
                  onChange={() => setChosen(book.numTickets)}
                  data-testid={`raffle-book-${book.numTickets}`}
                />
                <span>
                  {label}
                  {tooBig && closed === null ? (
                    <span className="block text-sm">Not enough tickets left</span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {odds && chosen !== null ? (
        <p aria-live="polite" data-testid="raffle-odds">
          With {chosen} {chosen === 1 ? 'ticket' : 'tickets'} of the {sold + chosen} sold so far: first prize{' '}
          {formatOdds(odds.topDivision.oneIn)}
          {odds.anyPrize ? `, any prize ${formatOdds(odds.anyPrize.oneIn)}` : ''}.
        </p>
      ) : null}
      {causes.length === 1 ? <p data-testid="raffle-cause">Your tickets support {causes[0]?.name}.</p> : null}
      {causes.length > 1 ? (
        <fieldset disabled={closed !== null}>
          <legend className="font-semibold">Choose the cause you support</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {causes.map((c) => (
              <label
                key={c.key}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-black/15 bg-page px-3 py-2 has-checked:border-primary"
              >
                <input
                  type="radio"
                  name={causeName}
                  value={c.key}
                  checked={cause === c.key}
                  onChange={() => setCause(c.key)}
                />
                <span>{c.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {closed ? (
        <p id={messageId} role="status" className="font-semibold" data-testid="raffle-closed">
          {closed}
        </p>
      ) : null}
      <AddItemButton item={item} disabled={closed !== null} what="Your raffle tickets are" />
    </section>
  );
}
