/**
 * `/raffles` (content): every raffle with its cause, tickets sold of its total and close time; each
 * opens its page (sales and proof), and "New raffle" opens the form.
 */
import { type AdminRaffleList, AdminRaffleListSchema } from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const COLUMNS = ['Raffle', 'Cause', 'Tickets sold', 'Closes'] as const;

async function rafflesLoader({ request }: LoaderFunctionArgs): Promise<AdminRaffleList> {
  return adminCall(AdminRaffleListSchema, 'GET', '/raffles', { signal: request.signal });
}

function RafflesPage() {
  const { raffles } = useLoaderData() as AdminRaffleList;
  return (
    <>
      <PageTitle>Raffles</PageTitle>
      <p className="mb-4">
        <Link className="button-primary inline-block" to="/raffles/new">
          New raffle
        </Link>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Raffles, soonest to close first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {raffles.map((r) => (
              <tr key={r.key} className="border-t border-muted">
                <td className="py-1 pr-3">
                  <Link className="link" to={`/raffles/${r.key}`}>
                    {r.name}
                  </Link>
                </td>
                <td className="py-1 pr-3">{r.causeName}</td>
                <td className="py-1 pr-3">
                  {r.ticketsSold.toLocaleString('en-AU')} of {r.totalTickets.toLocaleString('en-AU')}
                </td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatTime(r.closesAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const rafflesPage: AdminPage = {
  path: '/raffles',
  label: 'Raffles',
  role: 'content',
  loader: rafflesLoader,
  Component: RafflesPage,
};
