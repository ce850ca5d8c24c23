import type { Money } from '@drawhouse/contract';
import { closedLoopSplit, formatMoney } from '@drawhouse/domain';

/** Dollars typed in the amount field as cents (undefined while it is not a positive amount). */
export function typedCents(text: string): number | undefined {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : undefined;
}

/**
 * Closed loop, said before the customer confirms: money deposited by card and not played goes back
 * to that card first; the rest to the account chosen. With an amount typed, how much goes where.
 */
export function ClosedLoopNotice({
  cardReturns,
  amountText,
  accountLabel,
}: {
  cardReturns: readonly { display: string; amount: Money }[];
  amountText: string;
  accountLabel: string;
}) {
  if (cardReturns.length === 0) return null;
  const cents = typedCents(amountText);
  const returns = cardReturns.map((card) => ({
    display: card.display,
    amountCents: Math.round(card.amount.amount * 100),
  }));
  const split = cents === undefined ? undefined : closedLoopSplit(cents, returns);
  return (
    <div
      className="mt-4 rounded-md border-l-4 border-sky-700 bg-sky-50 p-3 text-sky-950"
      data-testid="closed-loop-notice"
      aria-live="polite"
    >
      <p>
        Money you deposited by card and have not played goes back to that card first, as a refund:{' '}
        {returns.map((card) => `${formatMoney(card.amountCents)} to ${card.display}`).join(', ')}. Anything
        beyond that goes to your account.
      </p>
      {split ? (
        <ul className="mt-2 list-disc pl-6" data-testid="closed-loop-split">
          {split.cardLegs.map((leg) => (
            <li key={leg.display}>
              {formatMoney(leg.amountCents)} back to {leg.display} (within 5 business days)
            </li>
          ))}
          {split.accountCents > 0 ? (
            <li>
              {formatMoney(split.accountCents)} to {accountLabel}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
