import type { Transaction } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { Link } from 'react-router';
import { ScrollRegion } from '../../components/scroll-region';
import { transactionAmountText } from './amount';
import { TRANSACTION_STATUS_TEXT, TRANSACTION_TYPE_TEXT } from './statement-view';

/** Where a transaction's own page is: the deposit's or withdrawal's summary, a purchase's receipt. */
function pathOf(transaction: Transaction): string | undefined {
  if (!transaction.reference) return undefined;
  const id = encodeURIComponent(transaction.reference);
  if (transaction.type === 'deposit') return `/my-account/deposit/summary/${id}`;
  if (transaction.type === 'withdrawal') return `/my-account/withdraw/summary/${id}`;
  if (transaction.type === 'purchase') return `/receipt/${id}`;
  return undefined;
}

export function TransactionTable({
  transactions,
  caption = 'Your transactions, newest first',
  label = 'Your transactions',
}: {
  transactions: readonly Transaction[];
  caption?: string;
  label?: string;
}) {
  return (
    <ScrollRegion label={label} className="mt-6">
      <table className="w-full text-left" data-testid="transactions-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-black/20">
            {/* On a phone the date goes under the description, so the four columns fit 390 px. */}
            <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
              Date
            </th>
            <th scope="col" className="py-2 pr-4">
              Description
            </th>
            <th scope="col" className="py-2 pr-4">
              Status
            </th>
            <th scope="col" className="py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((t) => {
            const path = pathOf(t);
            const dateText = formatCalendarDate(t.date) ?? t.date;
            return (
              <tr key={t.id} className="border-b border-black/10" data-testid="transaction-row">
                <td className="hidden py-2 pr-4 whitespace-nowrap sm:table-cell">{dateText}</td>
                <td className="py-2 pr-4 [overflow-wrap:anywhere]">
                  <span className="font-semibold">{TRANSACTION_TYPE_TEXT[t.type]}</span>
                  {t.account === 'promo' && t.type !== 'promo_credit' ? ' (promotional credit)' : null}
                  <span className="block text-sm">
                    {path ? (
                      <Link to={path} className="link">
                        {t.description}
                      </Link>
                    ) : (
                      t.description
                    )}
                  </span>
                  <span className="block text-sm text-muted sm:hidden">{dateText}</span>
                </td>
                <td className="py-2 pr-4">{TRANSACTION_STATUS_TEXT[t.status]}</td>
                <td
                  className={`py-2 text-right whitespace-nowrap tabular-nums ${t.status === 'voided' ? 'text-muted' : 'font-semibold'}`}
                >
                  {transactionAmountText(t.amount, t.status)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
