import { TRANSACTIONS_PAGE_SIZE } from '@drawhouse/contract';
import { data, Link } from 'react-router';
import { TransactionTable } from '../../features/wallet/transaction-table';
import { transactionsPage } from '../../features/wallet/wallet.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/transactions';

export const handle: ScreenHandle = { screenName: 'transactions' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    params.page && params.page !== '1' ? `Transactions, page ${params.page}` : 'Transactions',
  );

/** /my-account/transactions/{page}: ten a page, newest first; a page past the last is the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const page = params.page === undefined ? 1 : /^[1-9]\d{0,5}$/.test(params.page) ? Number(params.page) : 0;
  if (page < 1) throw data(null, { status: 404 });
  const { transactions, total } = await transactionsPage(visitor, page);
  const pages = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  return { transactions, page, pages };
}

const pagePath = (page: number) =>
  page === 1 ? '/my-account/transactions' : `/my-account/transactions/${page}`;

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { transactions, page, pages } = loaderData;
  return (
    <section aria-labelledby="transactions-heading">
      <h1 id="transactions-heading" className="text-3xl font-extrabold">
        Transactions
      </h1>
      <p className="mt-2">
        <Link to="/my-account/statements" className="link">
          Monthly statements
        </Link>{' '}
        total each month's deposits, spend, winnings and withdrawals.
      </p>
      {transactions.length === 0 ? (
        <p className="mt-6 rounded-lg bg-surface p-6" data-testid="transactions-empty">
          No transactions yet. Deposits, purchases, prizes and withdrawals will be listed here.
        </p>
      ) : (
        <TransactionTable transactions={transactions} />
      )}
      {pages > 1 ? (
        <nav aria-label="Transaction pages" className="mt-6 flex flex-wrap items-center gap-4">
          {page > 1 ? (
            <Link to={pagePath(page - 1)} className="button-secondary" rel="prev">
              Newer
            </Link>
          ) : null}
          <span data-testid="transactions-page">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pagePath(page + 1)} className="button-secondary" rel="next">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
