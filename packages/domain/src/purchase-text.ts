/**
 * How a purchase's ledger lines read in the customer's transactions. A checkout pays each product
 * type's sales account on its own (and promotional credit apart from the wallet), so one checkout
 * can be several lines: each names what it paid for.
 */

const NAMED = 3;

/**
 * "Purchase: Powerball, Oz Lotto", "Purchase: Powerball, Oz Lotto, Set for Life and 2 more",
 * "... (promotional credit)"; "Purchase" when nothing is named.
 */
export function purchaseLineText(names: readonly string[], fromPromo: boolean): string {
  const unique = [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
  const more = unique.length - NAMED;
  const what =
    unique.length === 0 ? '' : `: ${unique.slice(0, NAMED).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return `Purchase${what}${fromPromo ? ' (promotional credit)' : ''}`;
}
