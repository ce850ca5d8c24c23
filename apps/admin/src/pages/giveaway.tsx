/**
 * `/giveaways/:id` (content): a Daily Winners giveaway with its prizes, entries counted at the close,
 * its winners (each prize's entry, the customer and when it was paid) and the proof: the commitment
 * from the start, the seed and winning entries once drawn, checked in any browser with the raffles'
 * method and the draw key.
 */
import { type AdminGiveawayDetail, AdminGiveawayDetailSchema } from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { DetailRow, money } from '../queue-ui';
import { formatTime, PageTitle, TableHead } from '../ui';
import { GIVEAWAY_TYPE_LABELS } from './giveaways';

const WINNER_COLUMNS = ['Prize', 'Entry', 'Customer', 'Paid'] as const;

async function giveawayLoader({ request, params }: LoaderFunctionArgs): Promise<AdminGiveawayDetail> {
  return adminCall(AdminGiveawayDetailSchema, 'GET', `/giveaways/${encodeURIComponent(params.id ?? '')}`, {
    signal: request.signal,
  });
}

function GiveawayPage() {
  const { giveaway: g, proof, prizeWinners, drawKey } = useLoaderData() as AdminGiveawayDetail;
  return (
    <>
      <PageTitle>{g.title}</PageTitle>
      <p className="mb-4">
        <Link className="link" to="/giveaways">
          Back to giveaways
        </Link>
      </p>
      <dl className="mb-6 max-w-3xl">
        <DetailRow label="Reference">{g.externalId}</DetailRow>
        <DetailRow label="Type">
          {GIVEAWAY_TYPE_LABELS[g.type]} ({g.tier === 'premium' ? 'premium members' : 'every member'})
        </DetailRow>
        <DetailRow label="Status">{g.status}</DetailRow>
        <DetailRow label="Opens">{formatTime(g.open)}</DetailRow>
        <DetailRow label="Closes">{formatTime(g.close)}</DetailRow>
        <DetailRow label="Entries">{g.entries ?? 'Counted at the close'}</DetailRow>
        <DetailRow label="In the shop">{g.url}</DetailRow>
      </dl>
      <h2 className="mb-2 text-xl font-bold">Prizes</h2>
      <ol className="mb-6 list-decimal pl-6">
        {g.prizes.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: prizes are in a fixed order, the index is the prize
          <li key={i}>
            {p.title}: {money(p.amount)} {p.kind === 'cash' ? 'cash' : 'credit'}
          </li>
        ))}
      </ol>
      <h2 className="mb-2 text-xl font-bold">Winners</h2>
      {prizeWinners.length === 0 ? (
        <p className="mb-6">
          {g.status === 'open' || g.status === 'closed'
            ? 'Not drawn yet.'
            : 'No winners: nobody was in the draw.'}
        </p>
      ) : (
        <div className="mb-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Each prize's winning entry and customer</caption>
            <TableHead columns={WINNER_COLUMNS} />
            <tbody>
              {prizeWinners.map((w) => (
                <tr key={w.prizeIndex} className="border-t border-muted">
                  <td className="py-1 pr-3">
                    {w.prizeIndex + 1}. {w.prize.title} ({money(w.prize.amount)} {w.prize.kind})
                  </td>
                  <td className="py-1 pr-3">{w.entryNumber}</td>
                  <td className="py-1 pr-3">
                    <Link className="link" to={`/customers/${w.customerId}`}>
                      {w.customerName}
                    </Link>
                  </td>
                  <td className="py-1 pr-3 whitespace-nowrap">
                    {w.paidAt ? formatTime(w.paidAt) : 'Not yet'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="mb-2 text-xl font-bold">Proof</h2>
      <dl className="mb-6 max-w-3xl font-mono text-xs break-all">
        <DetailRow label="Method">
          {proof.algorithm} v{proof.version}, key {drawKey}:{g.number}
        </DetailRow>
        <DetailRow label="Commitment">{proof.commitment}</DetailRow>
        <DetailRow label="Seed">{proof.seed ?? 'Revealed once drawn'}</DetailRow>
        {proof.seed ? (
          <DetailRow label="Winning entries">
            {(proof.winningEntries ?? []).join(', ') || 'none'} of {proof.entries ?? 0}
          </DetailRow>
        ) : null}
      </dl>
    </>
  );
}

export const giveawayPage: AdminPage = {
  path: '/giveaways/:id',
  label: 'Giveaway',
  inNav: false,
  role: 'content',
  loader: giveawayLoader,
  Component: GiveawayPage,
};
