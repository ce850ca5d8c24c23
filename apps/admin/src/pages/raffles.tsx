/**
 * `/raffles` (content): raffles, soonest to close first, found by a part of their name, on sale or
 * closed, a page at a time, with their cause, tickets sold of their total and close time; each opens
 * its page (sales, proof, edit), and "New raffle" opens the form.
 */
import {
  ADMIN_RAFFLE_STATES,
  type AdminRaffleList,
  AdminRaffleListSchema,
  type AdminRaffleQuery,
} from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { ListStatus, PageLinks, pageParam, SearchForm } from '../lists';
import type { AdminPage } from '../page';
import { SelectField } from '../queue-ui';
import { formatTime, PageTitle, TableHead } from '../ui';

const COLUMNS = ['Raffle', 'Cause', 'Tickets sold', 'Closes'] as const;

const LIMIT = 25;
const STATES: Record<AdminRaffleQuery['state'], string> = {
  all: 'All',
  on_sale: 'On sale',
  closed: 'Closed',
};
type State = keyof typeof STATES;

type Loaded = { list: AdminRaffleList; q: string; state: State };

async function rafflesLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const asked = url.searchParams.get('state') ?? 'all';
  const state = ADMIN_RAFFLE_STATES.find((s) => s === asked) ?? 'all';
  const list = await adminCall(AdminRaffleListSchema, 'GET', '/raffles', {
    query: { q, state, page: pageParam(url), limit: LIMIT },
    signal: request.signal,
  });
  return { list, q, state };
}

function RafflesPage() {
  const { list, q, state } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Raffles</PageTitle>
      <p className="mb-4">
        <Link className="button-primary inline-block" to="/raffles/new">
          New raffle
        </Link>
      </p>
      <SearchForm id="raffle-search" label="Raffle" hint="A part of its name" value={q} maxLength={100}>
        <SelectField id="raffle-state" label="Show" name="state" options={STATES} defaultValue={state} />
      </SearchForm>
      <ListStatus total={list.total} page={list.page} limit={list.limit} noun="raffle" />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Raffles, soonest to close first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {list.raffles.map((r) => (
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
      <PageLinks page={list.page} total={list.total} limit={list.limit} label="Raffle pages" />
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
