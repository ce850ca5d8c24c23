/**
 * `/draws` (results): the draws calendar: draws of the last and next days by draw time, per offer,
 * with their status and held prizes, filtered by offer, days and status (a GET form: the filters are
 * in the address, so a link or a reload keeps them).
 */
import { type DrawCalendar, DrawCalendarSchema } from '@drawhouse/contract';
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { PageTitle, TableHead } from '../ui';
import { DRAW_STATUSES, drawPath, statusWords } from './draw-parts';

async function drawsLoader({ request }: LoaderFunctionArgs): Promise<DrawCalendar> {
  const url = new URL(request.url);
  const pick = (name: string) => url.searchParams.get(name) ?? undefined;
  return adminCall(DrawCalendarSchema, 'GET', '/draws', {
    query: { offer: pick('offer'), from: pick('from'), to: pick('to'), status: pick('status') },
    signal: request.signal,
  });
}

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-AU', { timeStyle: 'short' });

function DayField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={`draws-${name}`} className="block font-semibold">
        {label}
      </label>
      <input
        id={`draws-${name}`}
        type="date"
        name={name}
        defaultValue={value}
        className="mt-1 rounded-md border border-muted px-3 py-2"
      />
    </div>
  );
}

function DrawsPage() {
  const calendar = useLoaderData() as DrawCalendar;
  const [search] = useSearchParams();
  const chosen = (name: string) => search.get(name) ?? '';
  const days = new Map<string, DrawCalendar['draws']>();
  for (const draw of calendar.draws) {
    const day = dayOf(draw.drawAt);
    days.set(day, [...(days.get(day) ?? []), draw]);
  }
  return (
    <>
      <PageTitle>Draws</PageTitle>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Filter the draws">
        <div>
          <label htmlFor="draws-offer" className="block font-semibold">
            Offer
          </label>
          <select
            id="draws-offer"
            name="offer"
            defaultValue={chosen('offer')}
            className="mt-1 rounded-md border border-muted px-3 py-2"
          >
            <option value="">Every offer</option>
            {calendar.offers.map((o) => (
              <option key={o.key} value={o.key}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <DayField name="from" label="From" value={chosen('from') || calendar.from} />
        <DayField name="to" label="To" value={chosen('to') || calendar.to} />
        <div>
          <label htmlFor="draws-status" className="block font-semibold">
            Status
          </label>
          <select
            id="draws-status"
            name="status"
            defaultValue={chosen('status')}
            className="mt-1 rounded-md border border-muted px-3 py-2"
          >
            <option value="">Any status</option>
            {DRAW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusWords(s)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-primary">
          Show
        </button>
      </Form>
      {calendar.draws.length === 0 ? <p>No draw in these days.</p> : null}
      {[...days.entries()].map(([day, draws]) => (
        <section key={day} aria-label={day} className="mb-6">
          <h2 className="mb-2 text-xl font-semibold">{day}</h2>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Draws of {day}</caption>
            <TableHead columns={['Draw time', 'Offer', 'Draw', 'Status', 'Held prizes']} />
            <tbody>
              {draws.map((d) => (
                <tr key={`${d.offerKey}-${d.drawNo}`} className="border-t border-muted">
                  <td className="py-1 pr-3">{timeOf(d.drawAt)}</td>
                  <td className="pr-3">{d.offerName}</td>
                  <td className="pr-3">
                    <Link className="link" to={drawPath(d.offerKey, d.drawNo)}>
                      Draw {d.drawNo}
                    </Link>
                  </td>
                  <td className="pr-3">{statusWords(d.status)}</td>
                  <td>{d.heldCount > 0 ? d.heldCount : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

export const drawsPage: AdminPage = {
  path: '/draws',
  label: 'Draws',
  role: 'results',
  loader: drawsLoader,
  Component: DrawsPage,
};
