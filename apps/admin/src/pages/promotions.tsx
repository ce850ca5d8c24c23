/**
 * `/promotions` (content): promo codes found by code, newest first, each with what it gives, its
 * limits and its uses; each opens its form, and "New promo code" opens an empty one.
 */
import type { AdminPromotionList } from '@drawhouse/contract';
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useNavigation } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const LIMIT = 50;
const COLUMNS = ['Code', 'Gives', 'Minimum spend', 'Valid', 'Limits', 'Segments', 'Active', 'Uses'] as const;

type Loaded = { list: AdminPromotionList; q: string };

async function promotionsLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 40) ?? '';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await adminCall<AdminPromotionList>('GET', '/promotions', {
    query: { q, page, limit: LIMIT },
    signal: request.signal,
  });
  return { list, q };
}

const money = (m: { amount: number } | null) => (m ? `$${m.amount.toFixed(2)}` : '—');

function PromotionsPage() {
  const { list, q } = useLoaderData() as Loaded;
  const busy = useNavigation().state === 'loading';
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  const link = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <>
      <PageTitle>Promotions</PageTitle>
      <p className="mb-4">
        <Link className="button-primary inline-block" to="/promotions/new">
          New promo code
        </Link>
      </p>
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="promotion-search" className="block font-semibold">
            Code
          </label>
          <p id="promotion-search-hint" className="text-sm text-muted">
            Any part of the code, in any case
          </p>
          <input
            id="promotion-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={40}
            aria-describedby="promotion-search-hint"
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
          : `${list.total} promo code${list.total === 1 ? '' : 's'}, page ${list.page} of ${pages}.`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Promo codes, newest first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {list.promotions.map((p) => (
              <tr key={p.id} className="border-t border-muted">
                <td className="py-1 pr-3">
                  <Link className="link" to={`/promotions/${p.id}`}>
                    {p.code}
                  </Link>
                </td>
                <td className="py-1 pr-3">{p.label}</td>
                <td className="py-1 pr-3">{money(p.minSpend)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">
                  {p.validFrom ? formatTime(p.validFrom) : 'Now'} to{' '}
                  {p.expiresAt ? formatTime(p.expiresAt) : 'no end'}
                </td>
                <td className="py-1 pr-3">
                  {p.perCustomerLimit} per customer, {p.maxRedemptions ?? 'no'} limit in all
                </td>
                <td className="py-1 pr-3">{p.segments ? p.segments.join(', ') : 'Every segment'}</td>
                <td className="py-1 pr-3">{p.active ? 'Yes' : 'No'}</td>
                <td className="py-1 pr-3">
                  {p.redemptions} by {p.customers} customer{p.customers === 1 ? '' : 's'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Promo code pages" className="mt-4 flex gap-4">
        {list.page > 1 ? (
          <Link className="link" to={link(list.page - 1)}>
            Previous page
          </Link>
        ) : null}
        {list.page < pages ? (
          <Link className="link" to={link(list.page + 1)}>
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}

export const promotionsPage: AdminPage = {
  path: '/promotions',
  label: 'Promotions',
  role: 'content',
  loader: promotionsLoader,
  Component: PromotionsPage,
};
