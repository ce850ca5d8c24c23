/**
 * `/raffles/:key` (content): a raffle with its books and prizes, and each draw with its tickets sold
 * through the shop, their sales, and the proof: the commitment from the start, the seed and winning
 * tickets once the draw is drawn and published. Its edit form follows (raffle-edit.tsx).
 */
import {
  type AdminRaffle,
  type AdminRaffleList,
  AdminRaffleListSchema,
  AdminRaffleSchema,
} from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';
import { RaffleEditForm, raffleEditAction } from './raffle-edit';

type RaffleData = { raffle: AdminRaffle; causes: AdminRaffleList['causes'] };

const DRAW_COLUMNS = ['Draw', 'Status', 'Closes', 'Drawn', 'Tickets sold', 'Sales', 'Proof'] as const;

async function raffleLoader({ request, params }: LoaderFunctionArgs): Promise<RaffleData> {
  const [raffle, list] = await Promise.all([
    adminCall(AdminRaffleSchema, 'GET', `/raffles/${encodeURIComponent(params.key ?? '')}`, {
      signal: request.signal,
    }),
    adminCall(AdminRaffleListSchema, 'GET', '/raffles', { signal: request.signal }),
  ]);
  return { raffle, causes: list.causes };
}

const dollars = (m: { amount: number }) =>
  `$${m.amount.toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;

function RafflePage() {
  const { raffle: r, causes } = useLoaderData() as RaffleData;
  return (
    <>
      <PageTitle>{r.name}</PageTitle>
      <p className="mb-4">
        <Link className="link" to="/raffles">
          Back to raffles
        </Link>
      </p>
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Supports</dt>
        <dd>{r.causeName}</dd>
        <dt className="font-semibold">Tickets sold</dt>
        <dd>
          {r.ticketsSold.toLocaleString('en-AU')} of {r.totalTickets.toLocaleString('en-AU')}
        </dd>
        <dt className="font-semibold">Closes</dt>
        <dd>{formatTime(r.closesAt)}</dd>
        <dt className="font-semibold">In the shop</dt>
        <dd>{r.url}</dd>
        <dt className="font-semibold">Ticket prices</dt>
        <dd>{r.books.map((b) => `${b.numTickets} for ${dollars(b.price)}`).join(', ')}</dd>
        <dt className="font-semibold">Free entry by post</dt>
        <dd>{r.postalEntryAvailable ? 'Yes' : 'No'}</dd>
      </dl>
      <h2 className="mb-2 text-xl font-bold">Prizes</h2>
      <ol className="mb-6 list-decimal pl-6">
        {r.prizes.map((p) => (
          <li key={p.rank}>
            {p.name} ({dollars(p.value)})
          </li>
        ))}
      </ol>
      <RaffleEditForm raffle={r} causes={causes} />
      <h2 className="mb-2 text-xl font-bold">Draws</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The raffle's draws, newest first, with sales and proof</caption>
          <TableHead columns={DRAW_COLUMNS} />
          <tbody>
            {r.draws.map((d) => (
              <tr key={d.id} className="border-t border-muted align-top">
                <td className="py-1 pr-3">
                  {d.drawNo}
                  {r.postalEntryAvailable ? (
                    <Link
                      className="link block text-xs"
                      to={`/postal-entries?raffle=${encodeURIComponent(r.key)}&draw=${d.drawNo}`}
                    >
                      Postal entries
                    </Link>
                  ) : null}
                </td>
                <td className="py-1 pr-3">{d.status}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatTime(d.stopAt)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatTime(d.drawAt)}</td>
                <td className="py-1 pr-3">{d.ticketsSold}</td>
                <td className="py-1 pr-3">{dollars(d.sales)}</td>
                <td className="py-1 pr-3 font-mono text-xs break-all">
                  {d.proof ? (
                    <>
                      <span className="block">Commitment {d.proof.commitment}</span>
                      {d.proof.seed ? (
                        <>
                          <span className="block">Seed {d.proof.seed}</span>
                          <span className="block">
                            Winning tickets {(d.proof.winningTickets ?? []).join(', ') || 'none'} of{' '}
                            {d.proof.ticketsSold}
                          </span>
                        </>
                      ) : (
                        <span className="block">Seed revealed after the draw</span>
                      )}
                    </>
                  ) : (
                    'No proof (drawn before proofs were kept)'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const rafflePage: AdminPage = {
  path: '/raffles/:key',
  label: 'Raffle',
  inNav: false,
  role: 'content',
  loader: raffleLoader,
  action: raffleEditAction,
  Component: RafflePage,
};
