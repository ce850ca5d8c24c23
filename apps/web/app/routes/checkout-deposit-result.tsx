import { DEPOSIT_PURCHASE_CHECKOUT_FAILURE } from '@drawhouse/contract';
import { cleanIdentifier, DEPOSIT_FAILED_MESSAGE, formatMoney, moneyToCents } from '@drawhouse/domain';
import { data, Link, redirect } from 'react-router';
import { loadDeposit, receiptPath } from '../features/checkout/checkout.server';
import { CheckoutSteps } from '../features/checkout/checkout-steps';
import { partnerReceiptPath } from '../features/partners/partner-paths';
import { depositPaths } from '../features/wallet/deposit.server';
import { ApiError } from '../lib/api.server';
import { forgetBoughtCart } from '../lib/cart.server';
import { requireCustomer } from '../lib/customer.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/checkout-deposit-result';

export const handle: ScreenHandle = { screenName: 'checkout-deposit-result' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.title ?? 'Your payment');

const OUTCOMES = ['success', 'failure', 'cancel'] as const;
type Outcome = (typeof OUTCOMES)[number];

type Result = { state: 'failed' | 'cancelled' | 'waiting' | 'in_balance'; title: string; message: string };

/**
 * /checkout/deposit/{depositId}/success|failure|cancel (protected): where a checkout's deposit comes
 * back to, from PayPal's approval page or the 3-D Secure frame. The deposit's state is read from the
 * API (the address only says what the customer did): a deposit that paid for its checkout goes on to
 * the receipt; otherwise the page says what happened and offers checkout again.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const depositId = cleanIdentifier(params.depositId);
  const outcome = OUTCOMES.find((o) => o === params.outcome) as Outcome | undefined;
  if (!depositId || !outcome) throw data(null, { status: 404 });
  let deposit: Awaited<ReturnType<typeof loadDeposit>>;
  try {
    deposit = await loadDeposit(visitor, depositId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  if (deposit.checkoutId) {
    // A partner item was bought on a cart of its own: the shop's cart is as it was.
    if (deposit.partnerSlug) throw redirect(partnerReceiptPath(deposit.partnerSlug, deposit.checkoutId));
    forgetBoughtCart(visitor);
    throw redirect(receiptPath(deposit.checkoutId));
  }
  // A top-up (made from the account's deposit page) ends on the account's own result pages.
  if (deposit.purpose === 'top_up') {
    throw redirect(
      outcome === 'cancel' ? depositPaths.cancel(depositId) : depositPaths.details(depositId, outcome),
    );
  }
  const amount = formatMoney(moneyToCents(deposit.amount), deposit.amount.currency || 'AUD');
  let result: Result;
  if (deposit.status === 'succeeded') {
    result =
      deposit.failureCode === DEPOSIT_PURCHASE_CHECKOUT_FAILURE
        ? {
            state: 'in_balance',
            title: 'Your order did not go through',
            message: `Your payment of ${amount} is in your balance, but the order could not be completed${deposit.message ? `: ${deposit.message}` : '.'} Your balance pays when you check out again.`,
          }
        : {
            state: 'waiting',
            title: 'Completing your order',
            message: 'Your payment arrived and your order is being completed. This takes a moment.',
          };
  } else if (
    deposit.status === 'charging' ||
    deposit.status === 'awaiting_challenge' ||
    deposit.status === 'awaiting_approval'
  ) {
    result =
      outcome === 'cancel'
        ? {
            state: 'cancelled',
            title: 'Payment cancelled',
            message: 'You cancelled the payment, so nothing was charged. You can choose another way to pay.',
          }
        : {
            state: 'waiting',
            title: 'Waiting for your payment',
            message: 'We are still waiting for your payment to be confirmed. This takes a moment.',
          };
  } else if (deposit.status === 'cancelled' || outcome === 'cancel') {
    result = {
      state: 'cancelled',
      title: 'Payment cancelled',
      message: 'You cancelled the payment, so nothing was charged. You can choose another way to pay.',
    };
  } else {
    result = { state: 'failed', title: 'Payment failed', message: deposit.message || DEPOSIT_FAILED_MESSAGE };
  }
  return { ...result, path: `/checkout/deposit/${encodeURIComponent(depositId)}/${outcome}` };
}

export default function CheckoutDepositResult({ loaderData }: Route.ComponentProps) {
  const { state, title, message, path } = loaderData;
  return (
    <section
      aria-labelledby="deposit-result-heading"
      className="container-page py-8"
      data-testid="deposit-result"
      data-state={state}
    >
      <CheckoutSteps step="select_payment" />
      <h1 id="deposit-result-heading" className="mt-2 text-3xl font-extrabold">
        {title}
      </h1>
      <p
        role={state === 'failed' || state === 'in_balance' ? 'alert' : 'status'}
        className="mt-4 max-w-xl"
        data-testid="deposit-result-message"
      >
        {message}
      </p>
      <p className="mt-6 flex flex-wrap gap-4">
        {state === 'waiting' ? (
          <Link to={path} className="button-primary" reloadDocument>
            Check again
          </Link>
        ) : (
          <Link to="/cart/buy" className="button-primary" data-testid="back-to-checkout">
            Back to checkout
          </Link>
        )}
        <Link to="/cart" className="button-secondary">
          Your cart
        </Link>
      </p>
    </section>
  );
}
