/**
 * What the customer pays now, and how, as the checkout page shows it and its action sends it: the
 * amount due is the cart total (after any discount) less its pre-orders; with "use my balance" on,
 * the balance pays first and a deposit (card, PayPal) pays the rest. The arithmetic is the domain's,
 * so the page and the API agree on every cent.
 */
import { amountDueCents, balanceSplit, type Cents } from '@drawhouse/domain';

export type PaymentSplit = {
  /** Cart total less pre-orders: what the purchase charges now (its `expected_total`). */
  dueNowCents: Cents;
  /** The part the balance pays (0 with the toggle off). */
  fromBalanceCents: Cents;
  /** The deposit's amount (card, PayPal): 0 when the balance covers the amount due. */
  toPayCents: Cents;
};

export function paymentSplit(input: {
  cartTotalCents: Cents;
  preOrderTotalCents: Cents;
  /** The customer's available funds (promotional credit and cash together). */
  balanceCents: Cents;
  useBalance: boolean;
}): PaymentSplit {
  const dueNowCents = amountDueCents(input.cartTotalCents, 0, input.preOrderTotalCents);
  const { fromDeposit } = balanceSplit(
    dueNowCents,
    { promo: 0, wallet: input.balanceCents },
    input.useBalance,
  );
  return { dueNowCents, fromBalanceCents: dueNowCents - fromDeposit, toPayCents: fromDeposit };
}
