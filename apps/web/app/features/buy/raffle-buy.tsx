import { countOf, formatCount, formatOdds, raffleOdds } from '@drawhouse/domain';
import { useId, useState } from 'react';
import { AddItemButton } from '../cart/add-item-button';
import type { OfferPageView } from '../catalogue/offer-view';
import { FairDrawCommitment } from '../results/fair-draw-commitment';
import { BuyPanel } from './buy-panel';
import { ChoiceGroup } from './choice-group';

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
  fairDraw = null,
}: {
  raffle: Raffle;
  offerKey: string;
  available: boolean;
  causes?: readonly { key: string; name: string }[];
  firstDrawNo?: number;
  /** The open draw's fair draw commitment, published before any ticket is drawn. */
  fairDraw?: { drawNo: number; commitment: string } | null;
}) {
  const closed = raffleClosedReason(raffle, available);
  const fits = raffle.books.filter((b) => b.numTickets <= raffle.ticketsLeft);
  const [chosen, setChosen] = useState<number | null>(fits[0]?.numTickets ?? null);
  const [cause, setCause] = useState<string | null>(causes.length === 1 ? (causes[0]?.key ?? null) : null);
  const messageId = useId();
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
    <BuyPanel title="Buy raffle tickets" testId="raffle-buy">
      <ChoiceGroup
        legend="Choose a ticket book"
        disabled={closed !== null}
        describedBy={closed ? messageId : undefined}
        chosen={chosen}
        onChoose={setChosen}
        choices={raffle.books.map((book) => {
          const tooBig = book.numTickets > raffle.ticketsLeft;
          return {
            value: book.numTickets,
            disabled: tooBig,
            testId: `raffle-book-${book.numTickets}`,
            label: (
              <>
                {countOf(book.numTickets, 'ticket')} for {book.price}
                {tooBig && closed === null ? (
                  <span className="block text-sm">Not enough tickets left</span>
                ) : null}
              </>
            ),
          };
        })}
      />
      {odds && chosen !== null ? (
        <p aria-live="polite" data-testid="raffle-odds">
          With {countOf(chosen, 'ticket')} of the {formatCount(sold + chosen)} sold so far: first prize{' '}
          {formatOdds(odds.topDivision.oneIn)}
          {odds.anyPrize ? `, any prize ${formatOdds(odds.anyPrize.oneIn)}` : ''}.
        </p>
      ) : null}
      {causes.length === 1 ? <p data-testid="raffle-cause">Your tickets support {causes[0]?.name}.</p> : null}
      {causes.length > 1 ? (
        <ChoiceGroup
          legend="Choose the cause you support"
          disabled={closed !== null}
          chosen={cause}
          onChoose={setCause}
          choices={causes.map((c) => ({ value: c.key, label: c.name }))}
        />
      ) : null}
      {closed ? (
        <p id={messageId} role="status" className="font-semibold" data-testid="raffle-closed">
          {closed}
        </p>
      ) : null}
      <AddItemButton item={item} disabled={closed !== null} what="Your raffle tickets are" />
      {fairDraw ? <FairDrawCommitment commitment={fairDraw.commitment} drawNo={fairDraw.drawNo} /> : null}
    </BuyPanel>
  );
}
