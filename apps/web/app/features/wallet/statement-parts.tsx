import type { Statement } from '@drawhouse/contract';
import { Link } from 'react-router';
import { GAMBLING_HELP, statementTotalRows } from './statement-view';

/** The month's totals: a two-column table, each amount headed by its row. */
export function StatementTotals({ statement }: { statement: Statement }) {
  return (
    <table className="mt-6 w-full max-w-xl text-left" data-testid="statement-totals">
      <caption className="text-left text-xl font-bold">Totals for {statement.name}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {statementTotalRows(statement).map((row) => (
          <tr key={row.key} className="border-b border-black/10" data-testid={`statement-${row.key}`}>
            <th scope="row" className={`py-2 pr-4 ${row.strong ? 'font-bold' : 'font-normal'}`}>
              {row.label}
            </th>
            <td className={`py-2 text-right tabular-nums whitespace-nowrap ${row.strong ? 'font-bold' : ''}`}>
              {row.amount}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where to get help, and the account's own tools to stay in control. */
export function GamblingHelp() {
  return (
    <aside aria-labelledby="gambling-help-heading" className="mt-8 rounded-lg bg-surface p-6">
      <h2 id="gambling-help-heading" className="text-lg font-bold">
        Need to talk?
      </h2>
      <p className="mt-2">
        {GAMBLING_HELP.name}: <strong>{GAMBLING_HELP.phone}</strong>. {GAMBLING_HELP.text}
      </p>
      <p className="mt-2">
        You can set a{' '}
        <Link to="/my-account/spend-limits" className="link">
          spend limit
        </Link>{' '}
        or take a break at any time.
      </p>
    </aside>
  );
}

/** Steps to the months either side that have a statement; nothing where there is none. */
export function StatementMonthsNav({ statement }: { statement: Statement }) {
  const { previous, next } = statement;
  if (!previous && !next) return null;
  return (
    <nav aria-label="Other months" className="mt-8 flex flex-wrap justify-between gap-4">
      {previous ? (
        <Link to={`/my-account/statements/${previous.month}`} className="link" rel="prev">
          <span aria-hidden="true">← </span>
          {previous.name}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={`/my-account/statements/${next.month}`} className="link" rel="next">
          {next.name}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
