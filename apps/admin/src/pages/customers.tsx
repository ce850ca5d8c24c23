/**
 * `/customers` (support): find a customer by email, name, phone or id, newest first, a page at a
 * time; each row opens the account.
 */
import { type AdminCustomerList, AdminCustomerListSchema } from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { ListStatus, PageLinks, pageParam, SearchForm } from '../lists';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const LIMIT = 20;
const COLUMNS = ['Name', 'Email', 'Phone', 'Status', 'Verified', 'Joined'] as const;

type Loaded = { list: AdminCustomerList; q: string };

async function customersLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const page = pageParam(url);
  const list = await adminCall(AdminCustomerListSchema, 'GET', '/customers', {
    query: { q, page, limit: LIMIT },
    signal: request.signal,
  });
  return { list, q };
}

function CustomersPage() {
  const { list, q } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Customers</PageTitle>
      <SearchForm
        id="customer-search"
        label="Search"
        hint="An email, a name, a phone number or a customer id"
        value={q}
        maxLength={100}
      />
      <ListStatus total={list.total} page={list.page} limit={list.limit} noun="customer" />
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
      <PageLinks page={list.page} total={list.total} limit={list.limit} label="Customer pages" />
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
