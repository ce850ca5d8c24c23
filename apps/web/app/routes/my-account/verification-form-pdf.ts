import { api } from '../../lib/api.server';
import { loadCustomer, requireCustomer } from '../../lib/customer.server';
import { loadSite, requireScreen } from '../../lib/site.server';
import { callerOf, visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/verification-form-pdf';

/**
 * GET /my-account/manual-verification/form.pdf: the signed-in customer's verification form, filled
 * with their details by the API (GET /v2/customer/verification/pdf-form), as a download.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), 'manual-verification');
  // Reading the account first renews an access token about to expire.
  await loadCustomer(visitor);
  const answer = await api.raw('main', '/customer/verification/pdf-form', callerOf(visitor));
  if (answer.status !== 200) throw new Response(null, { status: answer.status === 401 ? 403 : 502 });
  return new Response(await answer.arrayBuffer(), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="drawhouse-verification-form.pdf"',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
