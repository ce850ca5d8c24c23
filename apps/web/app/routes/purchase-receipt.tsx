import { cleanIdentifier } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { loadReceipt } from '../features/checkout/checkout.server';
import { ReceiptDetails, ReceiptReference } from '../features/checkout/receipt-details';
import { receiptView } from '../features/checkout/receipt-view';
import { PartnerFrame } from '../features/partners/partner-frame';
import { partnerPath } from '../features/partners/partner-paths';
import { loadPartner } from '../features/partners/partners.server';
import { ApiError } from '../lib/api.server';
import { requireCustomer } from '../lib/customer.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/purchase-receipt';

export const handle: ScreenHandle = { screenName: 'partner-purchase-receipt', layout: 'bare' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Thank you for your order');

/** /purchase/{partnerSlug}/receipt/{checkoutID} (protected): the buyer's receipt in the partner's frame. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  requireCustomer(visitor);
  const partner = await loadPartner(visitor, params.partnerSlug);
  const checkoutId = cleanIdentifier(params.checkoutId);
  if (!checkoutId) throw data(null, { status: 404 });
  try {
    return { partner, receipt: receiptView(await loadReceipt(visitor, checkoutId)) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export default function PartnerReceipt({ loaderData }: Route.ComponentProps) {
  const { partner, receipt } = loaderData;
  return (
    <PartnerFrame partner={partner}>
      <section aria-labelledby="receipt-heading" data-testid="partner-receipt-page">
        <h1 id="receipt-heading" className="text-3xl font-extrabold">
          Thank you for supporting {partner.name}
        </h1>
        <ReceiptReference receipt={receipt} />
        <ReceiptDetails receipt={receipt} />
        <p className="mt-8">
          <Link to={partnerPath(partner.slug)} className="button-primary">
            Buy more tickets
          </Link>
        </p>
      </section>
    </PartnerFrame>
  );
}
