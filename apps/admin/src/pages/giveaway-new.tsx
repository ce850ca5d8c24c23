/**
 * `/giveaways/new` (content): a new Daily Winners giveaway's form: type, title, description, the
 * open and close times and the prizes in order (title, amount, cash or credit). Empty prize rows are
 * left out. The API makes it with its secret seed and commitment and answers an error per field,
 * shown beside each.
 */
import { type AdminGiveawayBody, AdminGiveawayDetailSchema } from '@drawhouse/contract';
import { type ActionFunctionArgs, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text, typedInstant } from '../lib/forms';
import { filledRows } from '../lib/raffle-edit-body';
import type { AdminPage } from '../page';
import { SelectField } from '../queue-ui';
import { ErrorSummary, Field, GroupErrors, PageTitle } from '../ui';
import { GIVEAWAY_TYPE_LABELS } from './giveaways';

/** The form's prize rows, by number. */
const PRIZE_ROWS = [0, 1, 2, 3, 4] as const;
const INPUT = 'mt-1 rounded-md border border-muted px-3 py-2';
const KINDS = { cash: 'Cash (to the wallet)', credit: 'Credit (promotional)' } as const;

async function newGiveawayAction({ request }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const type = text(form, 'type');
  const body: AdminGiveawayBody = {
    type: (Object.keys(GIVEAWAY_TYPE_LABELS).find((t) => t === type) ?? 'daily') as AdminGiveawayBody['type'],
    title: text(form, 'title'),
    description: text(form, 'description'),
    pill: text(form, 'pill') || null,
    permits: text(form, 'permits') || null,
    open: typedInstant(text(form, 'open')),
    close: typedInstant(text(form, 'close')),
    prizes: filledRows(form, 'prizeTitle', 'prizeAmount').map((i) => ({
      title: text(form, `prizeTitle${i}`),
      amount: {
        amount: text(form, `prizeAmount${i}`) === '' ? Number.NaN : Number(text(form, `prizeAmount${i}`)),
        currency: 'AUD',
      },
      kind: text(form, `prizeKind${i}`) === 'credit' ? 'credit' : 'cash',
    })),
    images: [],
  };
  try {
    const made = await adminCall(AdminGiveawayDetailSchema, 'POST', '/giveaways', { body });
    return redirect(`/giveaways/${encodeURIComponent(made.giveaway.id)}`);
  } catch (error) {
    return refusal(error, request);
  }
}

function PrizeRows({ errors }: { errors: string[] | undefined }) {
  return (
    <fieldset className="mb-4" aria-describedby={errors?.length ? 'giveaway-prizes-error' : undefined}>
      <legend className="font-semibold">Prizes, first to last</legend>
      <p className="text-sm text-muted">
        Up to 50; each from $0.01 to $1,000,000. Leave a row empty to skip it.
      </p>
      <GroupErrors id="giveaway-prizes-error" errors={errors} />
      {PRIZE_ROWS.map((i) => (
        <div key={i} className="mt-2 flex flex-wrap gap-3">
          <label className="block">
            Prize {i + 1}
            <input name={`prizeTitle${i}`} maxLength={120} className={`${INPUT} ml-2 w-56`} />
          </label>
          <label className="block">
            Amount of prize {i + 1} ($)
            <input name={`prizeAmount${i}`} inputMode="decimal" className={`${INPUT} ml-2 w-28`} />
          </label>
          <label className="block">
            Kind of prize {i + 1}
            <select name={`prizeKind${i}`} defaultValue="cash" className={`${INPUT} ml-2`}>
              {Object.entries(KINDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function NewGiveawayPage() {
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <PageTitle>New giveaway</PageTitle>
      <p className="mb-4">
        <Link className="link" to="/giveaways">
          Back to giveaways
        </Link>
      </p>
      <ErrorSummary message={result?.error} />
      <Form method="post" aria-label="New giveaway" noValidate>
        <div className="mb-4">
          <SelectField
            id="giveaway-new-type"
            label="Type"
            name="type"
            options={GIVEAWAY_TYPE_LABELS}
            defaultValue="daily"
          />
        </div>
        <Field label="Title" name="title" required maxLength={120} errors={errors.title} />
        <div className="mb-4">
          <label htmlFor="giveaway-description" className="block font-semibold">
            Description
          </label>
          <textarea
            id="giveaway-description"
            name="description"
            rows={3}
            maxLength={2000}
            className={`${INPUT} w-full max-w-md`}
          />
        </div>
        <Field
          label="Label on the card"
          name="pill"
          hint='Short, e.g. "Tonight"'
          maxLength={40}
          errors={errors.pill}
        />
        <Field label="Permit numbers" name="permits" maxLength={200} errors={errors.permits} />
        <Field label="Opens" name="open" type="datetime-local" required errors={errors.open} />
        <Field
          label="Closes"
          name="close"
          type="datetime-local"
          hint="After it opens, in the future"
          required
          errors={errors.close}
        />
        <PrizeRows errors={errors.prizes} />
        <button type="submit" className="button-primary" disabled={busy}>
          Create the giveaway
        </button>
      </Form>
    </>
  );
}

export const newGiveawayPage: AdminPage = {
  path: '/giveaways/new',
  label: 'New giveaway',
  inNav: false,
  role: 'content',
  action: newGiveawayAction,
  Component: NewGiveawayPage,
};
