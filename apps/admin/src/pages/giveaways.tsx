/**
 * `/giveaways` (content): Daily Winners giveaways, latest to close first, found by a part of their
 * title or reference, their type and status, a page at a time, with their close, entries and winners
 * paid; each opens its page (winners, proof), and "New giveaway" opens the form.
 */
import {
  type AdminGiveawayList,
  AdminGiveawayListSchema,
  type AdminGiveawayQuery,
} from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { ListStatus, PageLinks, pageParam, SearchForm } from '../lists';
import type { AdminPage } from '../page';
import { SelectField } from '../queue-ui';
import { formatTime, PageTitle, TableHead } from '../ui';

const COLUMNS = ['Giveaway', 'Reference', 'Type', 'Status', 'Closes', 'Entries', 'Winners paid'] as const;
const LIMIT = 25;

export const GIVEAWAY_TYPE_LABELS: Record<Exclude<AdminGiveawayQuery['type'], 'all'>, string> = {
  daily: 'Daily',
  major: 'Major',
  monthly: 'Monthly',
  preview: 'Preview',
  special: 'Special',
};
const TYPES: Record<AdminGiveawayQuery['type'], string> = { all: 'All types', ...GIVEAWAY_TYPE_LABELS };
const STATES: Record<AdminGiveawayQuery['state'], string> = {
  all: 'All',
  open: 'Open',
  closed: 'Closed',
  drawn: 'Drawn',
  paid: 'Paid',
};

type Loaded = {
  list: AdminGiveawayList;
  q: string;
  type: AdminGiveawayQuery['type'];
  state: AdminGiveawayQuery['state'];
};

const oneOf = <K extends string>(options: Record<K, string>, value: string | null, fallback: K): K =>
  (Object.keys(options) as K[]).find((k) => k === value) ?? fallback;

async function giveawaysLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const type = oneOf(TYPES, url.searchParams.get('type'), 'all');
  const state = oneOf(STATES, url.searchParams.get('state'), 'all');
  const list = await adminCall(AdminGiveawayListSchema, 'GET', '/giveaways', {
    query: { q, type, state, page: pageParam(url), limit: LIMIT },
    signal: request.signal,
  });
  return { list, q, type, state };
}

function GiveawaysPage() {
  const { list, q, type, state } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Giveaways</PageTitle>
      <p className="mb-4">
        <Link className="button-primary inline-block" to="/giveaways/new">
          New giveaway
        </Link>
      </p>
      <SearchForm
        id="giveaway-search"
        label="Giveaway"
        hint="A part of its title or reference"
        value={q}
        maxLength={100}
      >
        <SelectField id="giveaway-type" label="Type" name="type" options={TYPES} defaultValue={type} />
        <SelectField id="giveaway-state" label="Status" name="state" options={STATES} defaultValue={state} />
      </SearchForm>
      <ListStatus total={list.total} page={list.page} limit={list.limit} noun="giveaway" />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Giveaways, latest to close first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {list.giveaways.map((g) => (
              <tr key={g.id} className="border-t border-muted">
                <td className="py-1 pr-3">
                  <Link className="link" to={`/giveaways/${g.id}`}>
                    {g.title}
                  </Link>
                </td>
                <td className="py-1 pr-3 whitespace-nowrap">{g.externalId}</td>
                <td className="py-1 pr-3">{GIVEAWAY_TYPE_LABELS[g.type]}</td>
                <td className="py-1 pr-3">{STATES[g.status]}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatTime(g.close)}</td>
                <td className="py-1 pr-3">{g.entries ?? '—'}</td>
                <td className="py-1 pr-3">
                  {g.paid} of {g.winners}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks page={list.page} total={list.total} limit={list.limit} label="Giveaway pages" />
    </>
  );
}

export const giveawaysPage: AdminPage = {
  path: '/giveaways',
  label: 'Giveaways',
  role: 'content',
  loader: giveawaysLoader,
  Component: GiveawaysPage,
};
