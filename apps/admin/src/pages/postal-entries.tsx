/**
 * `/postal-entries` (support): free postal entries into a raffle draw. Choose the raffle (its shop
 * address or key) and draw, see the entries recorded, and record a letter received: the entrant gets
 * the draw's next ticket number, free (ADR 069). The raffle page links here for each draw.
 */
import { type PostalEntryList, PostalEntryListSchema, PostalEntrySchema } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, formatTime, Notice, PageTitle, TableHead } from '../ui';

type Chosen = { raffle: string; draw: string };
type LoaderData = { chosen: Chosen; list: PostalEntryList | null; error?: string };

const COLUMNS = ['Ticket number', 'Name', 'Address', 'Email', 'Recorded'] as const;

const REFUSALS: Record<NonNullable<PostalEntryList['refusal']>, string> = {
  not_offered: 'This raffle does not take free postal entries.',
  draw_closed: 'This draw no longer takes entries.',
};

function chosenOf(url: URL): Chosen {
  const raffle = (url.searchParams.get('raffle') ?? '').trim().replace(/^\/+|\/+$/g, '');
  return { raffle, draw: (url.searchParams.get('draw') ?? '').trim() };
}

const entriesPath = (c: Chosen) =>
  `/raffles/${encodeURIComponent(c.raffle)}/draws/${encodeURIComponent(c.draw)}/postal-entries`;

async function postalEntriesLoader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const chosen = chosenOf(new URL(request.url));
  if (!chosen.raffle || !chosen.draw) return { chosen, list: null };
  try {
    const list = await adminCall(PostalEntryListSchema, 'GET', entriesPath(chosen), {
      signal: request.signal,
    });
    return { chosen, list };
  } catch (error) {
    const shown = refusal(error, request);
    return { chosen, list: null, error: shown.error };
  }
}

async function postalEntriesAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const chosen = chosenOf(new URL(request.url));
  const form = await request.formData();
  try {
    const entry = await adminCall(PostalEntrySchema, 'POST', entriesPath(chosen), {
      body: { name: text(form, 'name'), address: text(form, 'address'), email: text(form, 'email') },
    });
    return { notice: `Entered ${entry.name} with ticket number ${entry.number}.` };
  } catch (error) {
    return refusal(error, request);
  }
}

function PostalEntriesPage() {
  const { chosen, list, error } = useLoaderData() as LoaderData;
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <PageTitle>Free postal entries</PageTitle>
      <p className="mb-4 max-w-2xl">
        Record a free entry received by post into a raffle draw. It gets the draw's next ticket number,
        exactly like a ticket sold, at no charge; one entry per email address and draw.
      </p>
      <Form method="get" aria-label="Choose a raffle draw" className="mb-6 flex flex-wrap items-end gap-4">
        <Field label="Raffle (shop address or key)" name="raffle" defaultValue={chosen.raffle} required />
        <Field label="Draw number" name="draw" inputMode="numeric" defaultValue={chosen.draw} required />
        <button type="submit" className="button-secondary mb-4">
          Show the draw
        </button>
      </Form>
      <ErrorSummary message={error} />
      {list ? (
        <>
          <h2 className="mb-2 text-xl font-bold">
            {list.raffleName}, draw {list.drawNo}
          </h2>
          <p className="mb-4">
            {list.drawStatus}, entries close {formatTime(list.stopAt)}.{' '}
            {list.refusal ? <strong>{REFUSALS[list.refusal]}</strong> : 'Takes free postal entries now.'}
          </p>
          <Notice message={result?.notice} />
          <ErrorSummary message={result?.error} />
          {list.refusal ? null : (
            <Form method="post" aria-label="Record a postal entry" noValidate className="mb-6">
              <Field label="Name" name="name" autoComplete="off" required errors={errors.name} />
              <div className="mb-4">
                <label htmlFor="postal-address" className="block font-semibold">
                  Postal address
                </label>
                <textarea
                  id="postal-address"
                  name="address"
                  rows={3}
                  maxLength={300}
                  required
                  aria-invalid={errors.address?.length ? true : undefined}
                  aria-describedby={errors.address?.length ? 'postal-address-error' : undefined}
                  className="mt-1 w-full max-w-md rounded-md border border-muted px-3 py-2"
                />
                {errors.address?.length ? (
                  <p id="postal-address-error" className="mt-1 text-sm font-semibold text-red-800">
                    {errors.address.join(' ')}
                  </p>
                ) : null}
              </div>
              <Field label="Email" name="email" type="email" required errors={errors.email} />
              <button type="submit" className="button-primary" disabled={busy}>
                Record the entry
              </button>
            </Form>
          )}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="postal-entries">
              <caption className="sr-only">Free postal entries of this draw, by ticket number</caption>
              <TableHead columns={COLUMNS} />
              <tbody>
                {list.entries.map((e) => (
                  <tr key={e.id} className="border-t border-muted align-top">
                    <td className="py-1 pr-3">{e.number}</td>
                    <td className="py-1 pr-3">{e.name}</td>
                    <td className="py-1 pr-3">{e.address}</td>
                    <td className="py-1 pr-3">{e.email}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatTime(e.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.entries.length === 0 ? <p className="mt-2">No postal entries yet.</p> : null}
          </div>
        </>
      ) : null}
    </>
  );
}

export const postalEntriesPage: AdminPage = {
  path: '/postal-entries',
  label: 'Postal entries',
  role: 'support',
  loader: postalEntriesLoader,
  action: postalEntriesAction,
  Component: PostalEntriesPage,
};
