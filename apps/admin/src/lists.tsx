/**
 * What the back office's lists share: the page number an address asks for, the earlier and later page
 * links (keeping the address's other parameters: a search, filters, another list's page), the search
 * form, the status line announcing what the list holds, and a paged table of newest-first rows.
 */
import type { ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { TableHead } from './ui.tsx';

/** The page number the address asks for under `name` (1 when absent or not a number), 1 to 10,000. */
export function pageParam(url: URL, name = 'page'): number {
  return Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get(name) ?? '1', 10) || 1));
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

type PageLinksProps = {
  /** The address's parameter holding this list's page. */
  name?: string;
  page: number;
  total: number;
  limit: number;
  /** The navigation's accessible name ("Customer pages"). */
  label: string;
  earlier?: string;
  later?: string;
};

export function PageLinks({
  name = 'page',
  page,
  total,
  limit,
  label,
  earlier = 'Previous page',
  later = 'Next page',
}: PageLinksProps) {
  const { search } = useLocation();
  const pages = pageCount(total, limit);
  if (pages <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    if (n > 1) params.set(name, String(n));
    else params.delete(name);
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  return (
    <nav aria-label={label} className="mt-4 flex gap-4">
      {page > 1 ? (
        <Link className="link" to={to(page - 1)}>
          {earlier}
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="link" to={to(page + 1)}>
          {later}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A list's search: one labelled field (`name`, `q` unless said) with its hint, sent by the address
 * (GET); `children` are the list's other filters, sent with it.
 */
export function SearchForm(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  maxLength: number;
  name?: string;
  submit?: string;
  children?: ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  return (
    <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
      {props.children}
      <div>
        <label htmlFor={props.id} className="block font-semibold">
          {props.label}
        </label>
        <p id={hintId} className="text-sm text-muted">
          {props.hint}
        </p>
        <input
          id={props.id}
          name={props.name ?? 'q'}
          type="search"
          defaultValue={props.value}
          maxLength={props.maxLength}
          aria-describedby={hintId}
          className="mt-1 w-80 max-w-full rounded-md border border-muted px-3 py-2"
        />
      </div>
      <button type="submit" className="button-primary">
        {props.submit ?? 'Search'}
      </button>
    </Form>
  );
}

/** "12 customers, page 1 of 2." announced as the list loads and changes. */
export function ListStatus(props: {
  total: number;
  page: number;
  limit: number;
  noun: string;
  plural?: string;
}) {
  const busy = useNavigation().state === 'loading';
  const { total, page, limit, noun } = props;
  const what = total === 1 ? noun : (props.plural ?? `${noun}s`);
  return (
    <p role="status" className="mb-2">
      {busy ? 'Loading…' : `${total} ${what}, page ${page} of ${pageCount(total, limit)}.`}
    </p>
  );
}

/**
 * A page of rows in a table, newest first, with its earlier and later links under it: `cells` are a
 * row's cells, in the order of `columns`.
 */
export function PagedTable<Row extends { id: string }>(props: {
  caption: string;
  columns: readonly string[];
  rows: readonly Row[];
  cells: (row: Row) => ReactNode;
  paging: Omit<PageLinksProps, 'earlier' | 'later'>;
  topAligned?: boolean;
}) {
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <TableHead columns={props.columns} />
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.id} className={`border-t border-muted${props.topAligned ? ' align-top' : ''}`}>
                {props.cells(row)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks {...props.paging} earlier="Newer" later="Older" />
    </>
  );
}
