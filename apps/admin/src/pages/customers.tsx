/**
 * `/customers` (support): find a customer by email, name, phone or id, newest first, a page at a
 * time; each row opens the account.
 */
import type { AdminCustomerList } from '@drawhouse/contract';
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useNavigation } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const LIMIT = 20;
const COLUMNS = ['Name', 'Email', 'Phone', 'Status', 'Verified', 'Joined'] as const;

type Loaded = { list: AdminCustomerList; q: string };

async function customersLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await adminCall<AdminCustomerList>('GET', '/customers', {
    query: { q, page, limit: LIMIT },
    signal: request.signal,
  });
  return { list, q };
}

function pageLink(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '?';
}

function CustomersPage() {
  const { list, q } = useLoaderData() as Loaded;
  const busy = useNavigation().state === 'loading';
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <>
      <PageTitle>Customers</PageTitle>
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="customer-search" className="block font-semibold">
            Search
          </label>
          <p id="customer-search-hint" className="text-sm text-muted">
            An email, a name, a phone number or a customer id
          </p>
          <input
            id="customer-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            aria-describedby="customer-search-hint"
            className="mt-1 w-80 max-w-full rounded-md border border-muted px-3 py-2"
          />
        </div>
        <button type="submit" className="button-primary">
          Search
        </button>
      </Form>
      <p role="status" className="mb-2">
        {busy
          ? 'Loading…'
          : `${list.total} customer${list.total === 1 ? '' : 's'}, page ${list.page} of ${pages}.`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Customers, newest first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {list.customers.map((c) => (
              <tr key={c.id} className="border-t border-muted">
                <td className="py-1 pr-3">
                  <Link className="link" to={`/customers/${c.id}`}>
                    {c.firstname} {c.lastname}
                  </Link>
                </td>
                <td className="py-1 pr-3">{c.email}</td>
                <td className="py-1 pr-3">{c.phone}</td>
                <td className="py-1 pr-3">{c.status}</td>
                <td className="py-1 pr-3">{c.isVerified ? 'Yes' : 'No'}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatTime(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Customer pages" className="mt-4 flex gap-4">
        {list.page > 1 ? (
          <Link className="link" to={pageLink(q, list.page - 1)}>
            Previous page
          </Link>
        ) : null}
        {list.page < pages ? (
          <Link className="link" to={pageLink(q, list.page + 1)}>
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}

export const customersPage: AdminPage = {
  path: '/customers',
  label: 'Customers',
  role: 'support',
  loader: customersLoader,
  Component: CustomersPage,
};
