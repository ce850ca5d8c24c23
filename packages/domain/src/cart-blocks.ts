/**
 * Why a cart cannot be bought as it stands (the cart's blockedReasons, a map of reason id to
 * message, shown as banners by id). The reasons:
 * - an offer that is no longer on sale (unavailable or suspended) blocks the cart until its items
 *   are removed: `unavailable:{offerKey}`;
 * - a licensing restriction blocks a customer living in one of the restricted states:
 *   `licensing_restriction:{offerKey}`. An anonymous cart has no state yet, so it is not blocked
 *   (the check runs again once the customer signs in);
 * - migration restrictions concern customers moved from another platform, which Drawhouse has none
 *   of, so they block nothing.
 */
export type CartBlockOffer = {
  key: string;
  name: string;
  onSale: boolean;
  restrictions: readonly { type: string; states: readonly string[] }[];
};

function listed(states: readonly string[]): string {
  if (states.length <= 1) return states.join('');
  return `${states.slice(0, -1).join(', ')} or ${states[states.length - 1]}`;
}

export function cartBlockedReasons(
  offers: readonly CartBlockOffer[],
  customerState: string | null,
): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const offer of offers) {
    if (!offer.onSale) {
      reasons[`unavailable:${offer.key}`] =
        `${offer.name} is not on sale right now. Remove it from your cart to check out.`;
      continue;
    }
    if (customerState === null) continue;
    for (const restriction of offer.restrictions) {
      if (restriction.type !== 'licensing_restriction' || !restriction.states.includes(customerState))
        continue;
      reasons[`licensing_restriction:${offer.key}`] =
        `${offer.name} cannot be sold to residents of ${listed(restriction.states)}. Remove it from your cart to check out.`;
    }
  }
  return reasons;
}
