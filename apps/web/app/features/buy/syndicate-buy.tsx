import {
  countOf,
  formatCount,
  formatMoney,
  formatOdds,
  isLotteryKey,
  type Odds,
  SYNDICATE_FILL_RULE,
  shareOdds,
  syndicateOdds,
  syndicatePriceCents,
  syndicateSharesNeeded,
} from '@drawhouse/domain';
import { useId, useState } from 'react';
import { AddItemButton } from '../cart/add-item-button';
import type { OfferPageView } from '../catalogue/offer-view';
import { BuyPanel } from './buy-panel';

type Syndicate = NonNullable<OfferPageView['syndicate']>;

/** Why no share can be bought, or null when one can be. */
export function syndicateClosedReason(syndicate: Syndicate, available: boolean): string | null {
  if (!available) return 'This syndicate is not on sale at the moment.';
  if (syndicate.costPerShareCents === null) return 'Shares in this syndicate cannot be bought online yet.';
  if (syndicate.sharesLeft === 0) return 'This syndicate is sold out.';
  return null;
}

/** A whole number of shares from 1 to `max`, or null. */
function sharesOf(text: string, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= max ? n : null;
}

/**
 * The odds of the syndicate's entry (its system entries as quick picks, one draw: see the domain's
 * syndicateOdds) and the part of every prize that `shares` shares take; null when the entry is not known.
 */
export function syndicateShareOdds(
  syndicate: Syndicate,
  shares: number,
): (Odds & { portion: number }) | null {
  const { numGames, numStandardGames } = syndicate;
  if (!isLotteryKey(syndicate.lotteryKey) || numGames === null || numStandardGames === null) return null;
  if (shares < 1 || shares > syndicate.totalShares) return null;
  const entry = syndicateOdds(syndicate.lotteryKey, { numGames, numStandardGames });
  return entry ? shareOdds(entry, shares, syndicate.totalShares) : null;
}

/** "4 entries" (the system entries the syndicate plays), or "entry" when the count is not known. */
function entryCount(syndicate: Syndicate): string {
  return syndicate.numGames ? countOf(syndicate.numGames, 'entry', 'entries') : 'entry';
}

const percent = new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 2 });

/** The syndicate's buy panel: a number of shares with its live cost and odds, then add to cart. */
export function SyndicateBuy({
  syndicate,
  offerKey,
  available,
}: {
  syndicate: Syndicate;
  offerKey: string;
  available: boolean;
}) {
  const closed = syndicateClosedReason(syndicate, available);
  const [text, setText] = useState('1');
  const inputId = useId();
  const hintId = useId();
  const costId = useId();
  const shares = closed === null ? sharesOf(text, syndicate.sharesLeft) : null;
  const cost =
    shares !== null && syndicate.costPerShareCents !== null
      ? formatMoney(syndicatePriceCents(syndicate.costPerShareCents, shares), syndicate.currency)
      : '–';
  const item = shares !== null ? { syndicate: offerKey, num_shares: shares } : null;
  const odds = shares !== null ? syndicateShareOdds(syndicate, shares) : null;
  return (
    <BuyPanel title="Buy syndicate shares" testId="syndicate-buy">
      <div className="flex flex-wrap items-end gap-6">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="font-semibold">
            Number of shares
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, syndicate.sharesLeft)}
            step={1}
            value={text}
            disabled={closed !== null}
            aria-invalid={closed === null && shares === null ? true : undefined}
            aria-describedby={hintId}
            onChange={(e) => setText(e.target.value)}
            className="w-28 rounded-lg border border-black/30 bg-page px-3 py-2 text-lg"
            data-testid="syndicate-shares"
          />
        </div>
        <p>
          <span id={costId} className="block text-sm font-semibold text-muted">
            Cost
          </span>
          <output
            aria-labelledby={costId}
            aria-live="polite"
            className="text-2xl font-bold tabular-nums"
            data-testid="syndicate-cost"
          >
            {cost}
          </output>
        </p>
      </div>
      <p
        id={hintId}
        className={closed ? 'font-semibold' : 'text-sm text-muted'}
        role={closed ? 'status' : undefined}
      >
        {closed ??
          (shares === null
            ? `Enter a whole number of shares from 1 to ${formatCount(syndicate.sharesLeft)}.`
            : `From 1 to ${countOf(syndicate.sharesLeft, 'share')}${syndicate.costPerShare ? `, ${syndicate.costPerShare} each` : ''}.`)}
      </p>
      {odds && shares !== null ? (
        <p aria-live="polite" data-testid="syndicate-odds">
          The syndicate's {entryCount(syndicate)}: first division {formatOdds(odds.topDivision.oneIn)}
          {odds.anyPrize ? `, any prize ${formatOdds(odds.anyPrize.oneIn)}` : ''} in each draw. Your{' '}
          {formatCount(shares)} of {countOf(syndicate.totalShares, 'share')} take{' '}
          {percent.format(odds.portion)} of every prize they win.
        </p>
      ) : null}
      <p className="text-sm" data-testid="syndicate-fill-rule">
        {SYNDICATE_FILL_RULE}{' '}
        {closed === null
          ? `${countOf(syndicate.totalShares - syndicate.sharesLeft, 'share')} of ${formatCount(syndicate.totalShares)} sold for this draw so far; it goes ahead with ${formatCount(syndicateSharesNeeded(syndicate.totalShares))}.`
          : null}
      </p>
      <AddItemButton item={item} disabled={closed !== null} what="Your syndicate shares are" />
    </BuyPanel>
  );
}
