/**
 * `/` (every operator): the welcome (who, which roles, the pages they open) and Today: what waits for
 * someone, counted, each with a link to the page where it is done (only pages that exist and the
 * operator's roles open). Entries waiting for a second operator are never shown with their figures.
 */
import { type Today, type TodayDraw, TodaySchema } from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ApiError, adminCall } from '../lib/api';
import { hasRole, toSignIn, useSession } from '../lib/session';
import { PAGES } from '../pages';
import { formatTime } from '../ui';
import { drawPath, statusWords } from './draw-parts';
import { HomePage } from './home';

export async function todayLoader({ request }: LoaderFunctionArgs): Promise<Today> {
  try {
    return await adminCall(TodaySchema, 'GET', '/today', { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw toSignIn(request);
    throw error;
  }
}

function DrawList({
  title,
  list,
  to,
}: {
  title: string;
  list: { count: number; items: TodayDraw[] };
  to?: string;
}) {
  const id = title.toLowerCase().replaceAll(' ', '-');
  return (
    <section aria-labelledby={id} className="rounded-md border border-muted p-3">
      <h3 id={id} className="font-semibold">
        {title}: <span data-testid={`today-${id}`}>{list.count}</span>
      </h3>
      {list.items.length > 0 ? (
        <ul className="mt-1 text-sm">
          {list.items.map((d) => (
            <li key={`${d.offerKey}-${d.drawNo}`}>
              {to ? (
                <Link className="link" to={drawPath(d.offerKey, d.drawNo)}>
                  {d.offerName} draw {d.drawNo}
                </Link>
              ) : (
                `${d.offerName} draw ${d.drawNo}`
              )}{' '}
              ({statusWords(d.status)}, {formatTime(d.at)})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function TodayPage() {
  const today = useLoaderData() as Today;
  const session = useSession();
  /** The path of a page that exists and the operator may open, or undefined. */
  const open = (path: string) =>
    PAGES.find((p) => p.path === path && hasRole(session, p.role)) ? path : undefined;
  const draws = open('/draws');
  const counts: { label: string; count: number; to: string | undefined }[] = [
    {
      label: 'Withdrawals waiting for approval',
      count: today.withdrawalsAwaitingApproval,
      to: open('/withdrawals'),
    },
    {
      label: 'Verifications waiting for review',
      count: today.verificationsPending,
      to: open('/verification'),
    },
    { label: 'Failed outbox deliveries', count: today.failedDeliveries, to: open('/jobs') },
    { label: 'Failed jobs', count: today.failedJobs, to: open('/jobs') },
  ];
  return (
    <>
      <HomePage />
      <section aria-labelledby="today-heading" className="mt-8">
        <h2 id="today-heading" className="mb-3 text-xl font-semibold">
          Today
        </h2>
        <div className="mb-4 grid gap-3 md:grid-cols-2">
          <DrawList title="Closing in the next 24 hours" list={today.closingSoon} to={draws} />
          <DrawList title="Closed, waiting for results" list={today.awaitingResults} to={draws} />
          <DrawList title="Waiting for a second entry" list={today.awaitingSecondEntry} to={draws} />
          <DrawList title="Holding prizes for approval" list={today.heldPrizes} to={draws} />
        </div>
        <ul className="list-disc pl-6">
          {counts.map((c) => (
            <li key={c.label}>
              {c.to ? (
                <Link className="link" to={c.to}>
                  {c.label}
                </Link>
              ) : (
                c.label
              )}
              : <strong>{c.count}</strong>
            </li>
          ))}
          {open('/prizes') ? (
            <li>
              <Link className="link" to="/prizes">
                Held prizes to release
              </Link>
              : <strong>{today.heldPrizes.count}</strong>
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}
