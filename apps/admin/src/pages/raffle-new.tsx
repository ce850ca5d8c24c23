/**
 * `/raffles/new` (content): a new raffle's form: name, description, cause, tickets, close time, the
 * ticket prices (books) and the prizes in order. Empty rows are left out. The API makes its first
 * draw with its commitment, and answers an error per field, shown beside each.
 */
import {
  type AdminRaffleBody,
  type AdminRaffleList,
  AdminRaffleListSchema,
  AdminRaffleSchema,
} from '@drawhouse/contract';
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
import { type ActionResult, refusal, text, typedInstant } from '../lib/forms';
import { filledRows } from '../lib/raffle-edit-body';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, PageTitle } from '../ui';
import { BookRows, CauseSelect, PostalEntry, PrizeRows } from './raffle-parts';

async function newRaffleLoader({ request }: LoaderFunctionArgs): Promise<AdminRaffleList> {
  return adminCall(AdminRaffleListSchema, 'GET', '/raffles', { signal: request.signal });
}

const numberOf = (value: string) => (value === '' ? Number.NaN : Number(value));

async function newRaffleAction({ request }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const body: AdminRaffleBody = {
    name: text(form, 'name'),
    description: text(form, 'description'),
    causeKey: text(form, 'causeKey'),
    totalTickets: numberOf(text(form, 'totalTickets')),
    closesAt: typedInstant(text(form, 'closesAt')),
    books: filledRows(form, 'bookTickets', 'bookPrice').map((i) => ({
      numTickets: numberOf(text(form, `bookTickets${i}`)),
      price: numberOf(text(form, `bookPrice${i}`)),
    })),
    prizes: filledRows(form, 'prizeName', 'prizeValue').map((i) => ({
      name: text(form, `prizeName${i}`),
      value: numberOf(text(form, `prizeValue${i}`)),
    })),
    postalEntryAvailable: form.get('postalEntryAvailable') === 'on',
  };
  try {
    const made = await adminCall(AdminRaffleSchema, 'POST', '/raffles', { body });
    return redirect(`/raffles/${encodeURIComponent(made.key)}`);
  } catch (error) {
    return refusal(error, request);
  }
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
          hint="Its shop address comes from it: /surf-club-ute-raffle"
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
        <CauseSelect idPrefix="raffle" causes={causes} errors={errors.causeKey} />
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
        <BookRows idPrefix="raffle" books={[['1', '']]} errors={errors.books} />
        <PrizeRows idPrefix="raffle" prizes={[]} errors={errors.prizes} />
        <PostalEntry idPrefix="raffle" errors={errors.postalEntryAvailable} />
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
