/** The cart's promo code in words, for the cart screens (no server code: components import it). */

/**
 * The cart's promo code: `discount` ("$5.00") when it takes something off, `credit` ("$20 credit")
 * when it adds promotional credit on purchase, neither when it does not apply; `message` says which
 * applies and why (or why not).
 */
export type CartPromotion = {
  code: string;
  applies: boolean;
  discount: string | null;
  credit: string | null;
  message: string;
};

/** What the code gives in a few words: "$5.00 off", "$20 credit", "does not apply". */
export function promotionSummary(promotion: CartPromotion): string {
  if (promotion.credit) return promotion.credit;
  if (promotion.discount) return `${promotion.discount} off`;
  return 'does not apply';
}
