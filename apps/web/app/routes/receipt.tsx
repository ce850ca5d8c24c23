import { cleanIdentifier } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { purchaseAnalytics } from '../features/analytics/analytics-products.server';
import { useAnalyticsEvent } from '../features/analytics/data-layer';
import { loadReceipt } from '../features/checkout/checkout.server';
import { ReceiptDetails, ReceiptReference } from '../features/checkout/receipt-details';
import { receiptView } from '../features/checkout/receipt-view';
import { replayPath } from '../features/tickets/ticket-list-view';
import { ApiError } from '../lib/api.server';
import { requireCustomer } from '../lib/customer.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/receipt';

export const handle: ScreenHandle = { screenName: 'receipt' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Thank you for your order');

/** /receipt/{checkoutID} (protected): the purchase's receipt, another customer's is not found. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const checkoutId = cleanIdentifier(params.checkoutId);
  if (!checkoutId) throw data(null, { status: 404 });
  try {
    const loaded = await loadReceipt(visitor, checkoutId);
    return { receipt: receiptView(loaded), analytics: purchaseAnalytics(loaded, `/receipt/${checkoutId}`) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, analytics } = loaderData;
  useAnalyticsEvent('purchase completed', analytics.checkout_id, analytics);
  return (
    <section aria-labelledby="receipt-heading" className="container-page py-8" data-testid="receipt-page">
      <h1 id="receipt-heading" className="text-3xl font-extrabold">
        Thank you for your order
      </h1>
      <ReceiptReference receipt={receipt} />
      <ReceiptDetails receipt={receipt} />
      <p className="mt-8 flex flex-wrap gap-4">
        <Link to="/" className="button-primary">
          Keep playing
        </Link>
        <Link to="/my-account/transactions" className="button-secondary">
          Your transactions
        </Link>
        <Link to={replayPath(receipt.checkoutId)} className="button-secondary" data-testid="buy-again">
          Buy these again
        </Link>
      </p>
    </section>
  );
}
