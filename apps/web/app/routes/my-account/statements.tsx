import { Link } from 'react-router';
import { statementMonths } from '../../features/wallet/wallet.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/statements';

export const handle: ScreenHandle = { screenName: 'statements' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Statements');

/** /my-account/statements: the months holding a transaction, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { months: await statementMonths(visitor) };
}

export default function Statements({ loaderData }: Route.ComponentProps) {
  const { months } = loaderData;
  return (
    <section aria-labelledby="statements-heading">
      <h1 id="statements-heading" className="text-3xl font-extrabold">
        Statements
      </h1>
      <p className="mt-4 max-w-prose">
        Each month's statement shows your opening and closing balance, deposits, withdrawals, what you spent,
        refunds, winnings and your net win or loss, with every transaction. Months follow Sydney time. Each
        one can be downloaded as a PDF.
      </p>
      {months.length === 0 ? (
        <p className="mt-6 rounded-lg bg-surface p-6" data-testid="statements-empty">
          No statements yet. A month's statement appears here once money moves in your account.
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-black/10"
          aria-label="Monthly statements"
          data-testid="statement-months"
        >
          {months.map((m) => (
            <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <Link to={`/my-account/statements/${m.month}`} className="link font-semibold">
                {m.name}
              </Link>
              <a
                href={`/my-account/statements/${m.month}/pdf`}
                className="link text-sm"
                download
                aria-label={`Download the ${m.name} statement as a PDF`}
              >
                PDF
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6">
        <Link to="/my-account/transactions" className="link">
          All transactions
        </Link>
      </p>
    </section>
  );
}
