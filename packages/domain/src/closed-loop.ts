/**
 * Closed loop: money that came in by card and was never played goes back to that card first (a
 * refund of the deposit), and only the rest of a withdrawal goes to the payout account.
 *
 * "Never played" is decided first in, first out: the customer's deposits are layers in the order they
 * were made, and each purchase uses up the oldest layers first. What is left of a card deposit's
 * layer, less what was refunded to the card already, is that deposit's unplayed money. Winnings and
 * refunds are not deposits: they are never sent to a card.
 */

export type WalletMovement =
  | {
      kind: 'card_deposit';
      depositId: string;
      /** The card, to group a customer's deposits by it (null for a wallet token payment). */
      fundId: string | null;
      display: string;
      amountCents: number;
      at: Date;
    }
  /** A deposit by another method (bank transfer, PayPal ...): it is a layer, never refunded to a card. */
  | { kind: 'other_deposit'; amountCents: number; at: Date }
  /** A purchase out of the cash wallet. */
  | { kind: 'spend'; amountCents: number; at: Date };

export type UnplayedCardDeposit = {
  depositId: string;
  fundId: string | null;
  display: string;
  amountCents: number;
  at: Date;
};

/**
 * The unplayed money of each card deposit, grouped by card (the card used last first) and, within a
 * card, newest deposit first: the order in which a withdrawal is refunded. `refundedCents` says what
 * earlier withdrawals already sent back to each deposit.
 */
export function unplayedCardDeposits(
  movements: readonly WalletMovement[],
  refundedCents: ReadonlyMap<string, number> = new Map(),
): UnplayedCardDeposit[] {
  const ordered = [...movements].sort((a, b) => a.at.getTime() - b.at.getTime());
  const layers: { movement: WalletMovement; left: number }[] = [];
  for (const movement of ordered) {
    if (movement.kind !== 'spend') {
      layers.push({ movement, left: movement.amountCents });
      continue;
    }
    let owed = movement.amountCents;
    for (const layer of layers) {
      if (owed <= 0) break;
      const used = Math.min(layer.left, owed);
      layer.left -= used;
      owed -= used;
    }
  }
  const unplayed: UnplayedCardDeposit[] = [];
  for (const { movement, left } of layers) {
    if (movement.kind !== 'card_deposit') continue;
    const cents = left - (refundedCents.get(movement.depositId) ?? 0);
    if (cents <= 0) continue;
    const { depositId, fundId, display, at } = movement;
    unplayed.push({ depositId, fundId, display, amountCents: cents, at });
  }
  const cardKey = (d: UnplayedCardDeposit) => d.fundId ?? d.display;
  const lastUse = new Map<string, number>();
  for (const d of unplayed) lastUse.set(cardKey(d), Math.max(lastUse.get(cardKey(d)) ?? 0, d.at.getTime()));
  return unplayed.sort(
    (a, b) =>
      (lastUse.get(cardKey(b)) ?? 0) - (lastUse.get(cardKey(a)) ?? 0) ||
      cardKey(a).localeCompare(cardKey(b)) ||
      b.at.getTime() - a.at.getTime(),
  );
}

/** What each card would take back: the unplayed deposits summed per card, in refund order. */
export function cardReturns(
  unplayed: readonly UnplayedCardDeposit[],
): { fundId: string | null; display: string; amountCents: number }[] {
  const byCard = new Map<string, { fundId: string | null; display: string; amountCents: number }>();
  for (const d of unplayed) {
    const key = d.fundId ?? d.display;
    const card = byCard.get(key) ?? { fundId: d.fundId, display: d.display, amountCents: 0 };
    card.amountCents += d.amountCents;
    byCard.set(key, card);
  }
  return [...byCard.values()];
}

/**
 * A withdrawal of `amountCents` split: the card parts first (in the order given, each up to its
 * unplayed money), the rest to the payout account.
 */
export function closedLoopSplit<T extends { amountCents: number }>(
  amountCents: number,
  returns: readonly T[],
): { cardLegs: (T & { amountCents: number })[]; accountCents: number } {
  let left = Math.max(0, amountCents);
  const cardLegs: (T & { amountCents: number })[] = [];
  for (const item of returns) {
    if (left <= 0) break;
    const part = Math.min(item.amountCents, left);
    if (part <= 0) continue;
    cardLegs.push({ ...item, amountCents: part });
    left -= part;
  }
  return { cardLegs, accountCents: left };
}
