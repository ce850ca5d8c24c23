/**
 * `/raffles/new` (content): a new raffle's form: name, description, cause, tickets, close time, the
 * ticket prices (books) and the prizes in order. Empty rows are left out. The API makes its first
 * draw with its commitment, and answers an error per field, shown beside each.
 */
import type { AdminRaffle, AdminRaffleBody, AdminRaffleList } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, PageTitle } from '../ui';

const BOOK_ROWS = 4;
const PRIZE_ROWS = 5;
const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

async function newRaffleLoader({ request }: LoaderFunctionArgs): Promise<AdminRaffleList> {
  return adminCall<AdminRaffleList>('GET', '/raffles', { signal: request.signal });
}

const numberOf = (value: string) => (value === '' ? Number.NaN : Number(value));

async function newRaffleAction({ request }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const closes = new Date(text(form, 'closesAt'));
  const body: AdminRaffleBody = {
    name: text(form, 'name'),
    description: text(form, 'description'),
    causeKey: text(form, 'causeKey'),
    totalTickets: numberOf(text(form, 'totalTickets')),
    closesAt: Number.isNaN(closes.getTime()) ? text(form, 'closesAt') : closes.toISOString(),
    books: rows(BOOK_ROWS)
      .filter((i) => text(form, `bookTickets${i}`) !== '' || text(form, `bookPrice${i}`) !== '')
      .map((i) => ({
        numTickets: numberOf(text(form, `bookTickets${i}`)),
        price: numberOf(text(form, `bookPrice${i}`)),
      })),
    prizes: rows(PRIZE_ROWS)
      .filter((i) => text(form, `prizeName${i}`) !== '' || text(form, `prizeValue${i}`) !== '')
      .map((i) => ({ name: text(form, `prizeName${i}`), value: numberOf(text(form, `prizeValue${i}`)) })),
    postalEntryAvailable: form.get('postalEntryAvailable') === 'on',
  };
  try {
    const made = await adminCall<AdminRaffle>('POST', '/raffles', { body });
    return redirect(`/raffles/${encodeURIComponent(made.key)}`);
  } catch (error) {
    return refusal(error, request);
  }
}

function GroupErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm font-semibold text-red-800">
      {errors.join(' ')}
    </p>
  );
}

function NewRafflePage() {
  const { causes } = useLoaderData() as AdminRaffleList;
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  const input = 'mt-1 rounded-md border border-muted px-3 py-2';
  return (
    <>
      <PageTitle>New raffle</PageTitle>
      <p className="mb-4">
        <Link className="link" to="/raffles">
          Back to raffles
        </Link>
      </p>
      <ErrorSummary message={result?.error} />
      <Form method="post" aria-label="New raffle" noValidate>
        <Field
          label="Name"
          name="name"
          hint="Its shop address comes from it: /raffles/surf-club-ute-raffle"
          required
          maxLength={80}
          errors={errors.name}
        />
        <div className="mb-4">
          <label htmlFor="raffle-description" className="block font-semibold">
            Description
          </label>
          <textarea
            id="raffle-description"
            name="description"
            rows={3}
            maxLength={2000}
            className={`${input} w-full max-w-md`}
          />
        </div>
        <div className="mb-4">
          <label htmlFor="raffle-cause" className="block font-semibold">
            Cause
          </label>
          <select
            id="raffle-cause"
            name="causeKey"
            aria-invalid={errors.causeKey?.length ? true : undefined}
            aria-describedby={errors.causeKey?.length ? 'raffle-cause-error' : undefined}
            className={input}
          >
            {causes.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
          <GroupErrors id="raffle-cause-error" errors={errors.causeKey} />
        </div>
        <Field
          label="Tickets"
          name="totalTickets"
          inputMode="numeric"
          required
          errors={errors.totalTickets}
        />
        <Field
          label="Closes"
          name="closesAt"
          type="datetime-local"
          hint="At least an hour from now; drawn the day after"
          required
          errors={errors.closesAt}
        />
        <fieldset className="mb-4" aria-describedby={errors.books?.length ? 'raffle-books-error' : undefined}>
          <legend className="font-semibold">Ticket prices</legend>
          <p className="text-sm text-muted">
            A book of tickets and its price, e.g. 1 ticket for $5, 3 for $10
          </p>
          <GroupErrors id="raffle-books-error" errors={errors.books} />
          {rows(BOOK_ROWS).map((i) => (
            <div key={i} className="mt-2 flex flex-wrap gap-3">
              <label className="block">
                Tickets in book {i + 1}
                <input
                  name={`bookTickets${i}`}
                  inputMode="numeric"
                  defaultValue={i === 0 ? '1' : ''}
                  className={`${input} ml-2 w-24`}
                />
              </label>
              <label className="block">
                Price of book {i + 1} ($)
                <input name={`bookPrice${i}`} inputMode="decimal" className={`${input} ml-2 w-28`} />
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset
          className="mb-4"
          aria-describedby={errors.prizes?.length ? 'raffle-prizes-error' : undefined}
        >
          <legend className="font-semibold">Prizes, first prize first</legend>
          <GroupErrors id="raffle-prizes-error" errors={errors.prizes} />
          {rows(PRIZE_ROWS).map((i) => (
            <div key={i} className="mt-2 flex flex-wrap gap-3">
              <label className="block">
                Prize {i + 1}
                <input name={`prizeName${i}`} maxLength={120} className={`${input} ml-2 w-64`} />
              </label>
              <label className="block">
                Value of prize {i + 1} ($)
                <input name={`prizeValue${i}`} inputMode="decimal" className={`${input} ml-2 w-32`} />
              </label>
            </div>
          ))}
        </fieldset>
        <p className="mb-4">
          <input type="checkbox" id="raffle-postal" name="postalEntryAvailable" className="mr-1" />
          <label htmlFor="raffle-postal">Free entry by post is offered</label>
        </p>
        <button type="submit" className="button-primary" disabled={busy}>
          Create the raffle
        </button>
      </Form>
    </>
  );
}

export const newRafflePage: AdminPage = {
  path: '/raffles/new',
  label: 'New raffle',
  inNav: false,
  role: 'content',
  loader: newRaffleLoader,
  action: newRaffleAction,
  Component: NewRafflePage,
};
