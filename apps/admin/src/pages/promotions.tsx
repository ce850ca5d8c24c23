/**
 * `/promotions` (content): promo codes found by code, newest first, each with what it gives, its
 * limits and its uses; each opens its form, and "New promo code" opens an empty one.
 */
import { type AdminPromotionList, AdminPromotionListSchema } from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { ListStatus, PageLinks, pageParam, SearchForm } from '../lists';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const LIMIT = 50;
const COLUMNS = ['Code', 'Gives', 'Minimum spend', 'Valid', 'Limits', 'Segments', 'Active', 'Uses'] as const;

type Loaded = { list: AdminPromotionList; q: string };

async function promotionsLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 40) ?? '';
  const page = pageParam(url);
  const list = await adminCall(AdminPromotionListSchema, 'GET', '/promotions', {
    query: { q, page, limit: LIMIT },
    signal: request.signal,
  });
  return { list, q };
}

const money = (m: { amount: number } | null) => (m ? `$${m.amount.toFixed(2)}` : '—');

function PromotionsPage() {
  const { list, q } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Promotions</PageTitle>
      <p className="mb-4">
        <Link className="button-primary inline-block" to="/promotions/new">
          New promo code
        </Link>
      </p>
      <SearchForm
        id="promotion-search"
        label="Code"
        hint="Any part of the code, in any case"
        value={q}
        maxLength={40}
      />
      <ListStatus total={list.total} page={list.page} limit={list.limit} noun="promo code" />
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
      <PageLinks page={list.page} total={list.total} limit={list.limit} label="Promo code pages" />
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
