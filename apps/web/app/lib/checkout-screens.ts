/**
 * The screens of buying and paying (cart, checkout, deposits, the receipt, signing in, closing the
 * account's last page): the layout shows them the condensed footer while the cart has items. The
 * route records (route-records.ts) take their `checkout` flag from this set; it lives apart so that
 * the layout, which every page's script carries, does not carry the whole route table.
 */
export const CHECKOUT_SCREENS: ReadonlySet<string> = new Set([
  'login',
  'cart',
  'cart-buy',
  'checkout-login',
  'checkout-deposit-result',
  'receipt',
  'close-my-account-success',
  'deposit',
  'my-account-deposit',
  'deposit-summary',
  'deposit-authorisation',
  'deposit-details',
  'deposit-cancel',
]);
