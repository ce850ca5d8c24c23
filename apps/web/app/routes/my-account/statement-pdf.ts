import { parseStatementMonth } from '@drawhouse/domain';
import { data } from 'react-router';
import { statementPdf } from '../../features/wallet/statement-pdf.server';
import { statementPdfName } from '../../features/wallet/statement-view';
import { statementOf } from '../../features/wallet/wallet.server';
import { loadCustomer, requireCustomer } from '../../lib/customer.server';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/statement-pdf';

/**
 * GET /my-account/statements/{YYYY-MM}/pdf: the month's activity statement as a PDF download, with
 * the customer's name. A month without a statement is the 404 page's status.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), 'statement');
  if (!parseStatementMonth(params.month)) throw data(null, { status: 404 });
  // Reading the account first renews an access token about to expire.
  const customer = await loadCustomer(visitor);
  const statement = await statementOf(visitor, params.month);
  const bytes = await statementPdf(
    statement,
    `${customer.firstname} ${customer.lastname}`.trim(),
    new Date(),
  );
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${statementPdfName(statement.month)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
