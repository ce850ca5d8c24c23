import { parseStatementMonth } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { GamblingHelp, StatementMonthsNav, StatementTotals } from '../../features/wallet/statement-parts';
import { statementPeriodText } from '../../features/wallet/statement-view';
import { TransactionTable } from '../../features/wallet/transaction-table';
import { statementOf } from '../../features/wallet/wallet.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/statement';

export const handle: ScreenHandle = { screenName: 'statement' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Statement, ${loaderData.statement.name}` : 'Statement');

/**
 * /my-account/statements/{YYYY-MM}: one month's totals and transactions. Anything but a month
 * from the account's opening to now is the 404 page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  if (!parseStatementMonth(params.month)) throw data(null, { status: 404 });
  return { statement: await statementOf(visitor, params.month) };
}

export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
  return (
    <section aria-labelledby="statement-heading">
      <p>
        <Link to="/my-account/statements" className="link text-sm">
          All statements
        </Link>
      </p>
      <h1 id="statement-heading" className="mt-2 text-3xl font-extrabold">
        Statement: {statement.name}
      </h1>
      <p className="mt-2" data-testid="statement-period">
        {statementPeriodText(statement)}.
      </p>
      <p className="mt-4">
        <a
          href={`/my-account/statements/${statement.month}/pdf`}
          className="button-secondary"
          download
          data-testid="statement-pdf"
        >
          Download PDF
        </a>
      </p>
      <StatementTotals statement={statement} />
      <h2 className="mt-8 text-xl font-bold">Transactions</h2>
      {statement.transactions.length === 0 ? (
        <p className="mt-4 rounded-lg bg-surface p-6" data-testid="statement-empty">
          No money moved in your account this month.
        </p>
      ) : (
        <TransactionTable
          transactions={statement.transactions}
          caption={`Transactions in ${statement.name}, oldest first`}
          label={`Transactions in ${statement.name}`}
        />
      )}
      <p className="mt-4 text-sm text-muted">
        Held amounts (a withdrawal awaiting approval) are listed as pending and count once they are done;
        cancelled ones never count. Balances include promotional credit.
      </p>
      <StatementMonthsNav statement={statement} />
      <GamblingHelp />
    </section>
  );
}
