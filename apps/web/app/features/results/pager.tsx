import { Link } from 'react-router';
import type { PagerView } from './results-view';

/** Previous, numbered and next page links of a paged list; nothing when it has one page. */
export function Pager({ pager, label }: { pager: PagerView; label: string }) {
  if (pager.pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8" data-testid="pager">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {pager.previous ? (
            <Link to={pager.previous} rel="prev" className="button-secondary" data-testid="pager-previous">
              Previous<span className="sr-only"> page</span>
            </Link>
          ) : null}
        </li>
        {pager.links.map((link) => (
          <li key={link.page}>
            <Link
              to={link.href}
              aria-current={link.current ? 'page' : undefined}
              className={`inline-flex min-w-10 justify-center rounded-md px-3 py-2 font-semibold ${
                link.current ? 'bg-primary text-on-primary' : 'link'
              }`}
            >
              <span className="sr-only">Page </span>
              {link.page}
            </Link>
          </li>
        ))}
        <li>
          {pager.next ? (
            <Link to={pager.next} rel="next" className="button-secondary" data-testid="pager-next">
              Next<span className="sr-only"> page</span>
            </Link>
          ) : null}
        </li>
      </ul>
      <p className="mt-2 text-sm text-muted">
        Page {pager.page} of {pager.pages}
      </p>
    </nav>
  );
}
