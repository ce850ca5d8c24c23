/**
 * Limited stock in a cart: a syndicate's shares and a raffle's tickets (total minus sold). The cart
 * reserves nothing, but one cart never holds more than is left: what it already holds of the same
 * syndicate or raffle counts when an item is added, changed, checked again by build or merged on
 * sign-in (purchase checks again when it takes the stock).
 */
export type StockKind = 'syndicate' | 'raffle';

export type StockRefusal =
  /** Nothing left at all. */
  | { reason: 'sold_out'; message: string }
  /** Something is left, but not this many on top of what the cart holds. */
  | { reason: 'too_many'; message: string };

const UNIT: Record<StockKind, { one: string; many: string }> = {
  syndicate: { one: 'share', many: 'shares' },
  raffle: { one: 'ticket', many: 'tickets' },
};

/** What is left for this cart to take: the stock left minus what the cart already holds, never below 0. */
export function stockLeftAfterCart(left: number, held: number): number {
  return Math.max(0, left - held);
}

/**
 * Why `wanted` more cannot go into a cart already holding `held` of a stock with `left` remaining,
 * or null when they fit.
 */
export function stockRefusal(
  kind: StockKind,
  left: number,
  held: number,
  wanted: number,
): StockRefusal | null {
  if (left <= 0) return { reason: 'sold_out', message: `This ${kind} is sold out.` };
  if (wanted <= stockLeftAfterCart(left, held)) return null;
  const unit = UNIT[kind];
  const only = `Only ${left} ${left === 1 ? `${unit.one} is` : `${unit.many} are`} left`;
  if (held <= 0) return { reason: 'too_many', message: `${only}.` };
  return { reason: 'too_many', message: `${only} in this ${kind}; your cart already holds ${held}.` };
}
