import { Link } from 'react-router';
import type { MonthLink } from './results-view';

/** Links to an offer's results month by month, newest first. */
export function MonthLinks({ months, offerName }: { months: readonly MonthLink[]; offerName: string }) {
  if (months.length === 0) return null;
  return (
    <nav aria-labelledby="months-title" className="rounded-xl bg-surface p-5" data-testid="archive-months">
      <h2 id="months-title" className="text-xl font-bold">
        {offerName} results by month
      </h2>
      <ul className="mt-3 flex flex-col gap-1">
        {months.map((m) => (
          <li key={m.href}>
            <Link to={m.href} className="link" aria-current={m.current ? 'page' : undefined}>
              {m.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
