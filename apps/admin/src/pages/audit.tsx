/**
 * `/audit` (admin): the audit log, newest first, filtered by operator, action, target and days, a
 * page at a time; "Export CSV" downloads every matching row from the API with the same filters.
 */
import { type AuditEntry, type AuditPage, AuditPageSchema } from '@drawhouse/contract';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall, type Query, queryString } from '../lib/api';
import { ListStatus, PageLinks, pageParam } from '../lists';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const FILTERS = [
  { name: 'operator', label: 'Operator name', type: 'text' },
  { name: 'action', label: 'Action', type: 'text', hint: 'e.g. operator.invited' },
  { name: 'targetType', label: 'Target type', type: 'text' },
  { name: 'targetId', label: 'Target id', type: 'text' },
  { name: 'from', label: 'From (day, UTC)', type: 'date' },
  { name: 'to', label: 'To (day, UTC)', type: 'date' },
] as const;

/** Entries a page shows unless the address asks for another number (`?limit=`, 1 to 100). */
const LIMIT = 50;
const COLUMNS = ['When', 'Operator', 'Action', 'Target', 'Via', 'Address', 'Change'] as const;

type Loaded = { page: AuditPage; filters: Query };

/** The filters in the page's address (camelCase names there; the API gets them snake_cased). */
function filtersOf(url: URL): Query {
  const filters: Query = {};
  for (const { name } of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

async function auditLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const pageNo = pageParam(url);
  const asked = Number.parseInt(url.searchParams.get('limit') ?? '', 10);
  const limit = asked >= 1 && asked <= 100 ? asked : LIMIT;
  const page = await adminCall(AuditPageSchema, 'GET', '/audit', {
    query: { ...filters, page: pageNo, limit },
    signal: request.signal,
  });
  return { page, filters };
}

function Change({ entry }: { entry: AuditEntry }) {
  if (entry.before == null && entry.after == null) return <span className="text-muted">—</span>;
  return (
    <details>
      <summary className="cursor-pointer link">Before and after</summary>
      <pre className="mt-1 max-w-md overflow-x-auto whitespace-pre-wrap text-xs">
        {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
      </pre>
    </details>
  );
}

function AuditLogPage() {
  const { page, filters } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Form method="get" className="mb-6">
        <fieldset>
          <legend className="mb-2 font-semibold">Filter</legend>
          <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {FILTERS.map((filter) => (
              <div key={filter.name}>
                <label htmlFor={`filter-${filter.name}`} className="block">
                  {filter.label}
                </label>
                <input
                  id={`filter-${filter.name}`}
                  name={filter.name}
                  type={filter.type}
                  defaultValue={String(filters[filter.name] ?? '')}
                  placeholder={'hint' in filter ? filter.hint : undefined}
                  maxLength={100}
                  className="w-full rounded-md border border-muted px-3 py-2"
                />
              </div>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <button type="submit" className="button-primary">
            Filter
          </button>
          <Link className="link" to="/audit">
            Clear the filters
          </Link>
          <a className="link" href={`/admin/audit/export${queryString(filters)}`} download>
            Export CSV
          </a>
        </div>
      </Form>
      <ListStatus total={page.total} page={page.page} limit={page.limit} noun="entry" plural="entries" />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {page.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-muted align-top">
                <td className="py-1 pr-3 whitespace-nowrap">{formatTime(entry.at)}</td>
                <td className="py-1 pr-3">{entry.operatorName}</td>
                <td className="py-1 pr-3">{entry.action}</td>
                <td className="py-1 pr-3">
                  {entry.targetType} <span className="text-muted">{entry.targetId}</span>
                </td>
                <td className="py-1 pr-3">{entry.via.replace('_', ' ')}</td>
                <td className="py-1 pr-3">{entry.ip ?? '—'}</td>
                <td className="py-1">
                  <Change entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks
        page={page.page}
        total={page.total}
        limit={page.limit}
        label="Audit log pages"
        earlier="Newer entries"
        later="Older entries"
      />
    </>
  );
}

export const auditPage: AdminPage = {
  path: '/audit',
  label: 'Audit log',
  role: 'admin',
  loader: auditLoader,
  Component: AuditLogPage,
};
