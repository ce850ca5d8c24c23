/**
 * The raffle page's edit form (content): the fields the creation form sets, filled with the raffle's
 * values. The fields its tickets sold freeze are disabled with the reason beside them (the API's
 * `edit_rules`); a closed raffle shows why it cannot be edited instead. Only what the form may change
 * is sent: disabled fields are not, and the close time only when it was changed. The API answers an
 * error per field, shown beside each.
 */
import { type AdminRaffle, type AdminRaffleList, AdminRaffleSchema } from '@drawhouse/contract';
import { type ActionFunctionArgs, Form, useActionData, useNavigation } from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, localInput, refusal } from '../lib/forms';
import { raffleEditBody } from '../lib/raffle-edit-body';
import { ErrorSummary, Field, GroupErrors, Notice } from '../ui';
import { BookRows, CauseSelect, PostalEntry, PrizeRows } from './raffle-parts';

export async function raffleEditAction({ request, params }: ActionFunctionArgs): Promise<ActionResult> {
  const body = raffleEditBody(await request.formData());
  try {
    await adminCall(AdminRaffleSchema, 'PATCH', `/raffles/${encodeURIComponent(params.key ?? '')}`, { body });
    return { notice: 'The raffle is saved. The shop shows it within seconds.' };
  } catch (error) {
    return refusal(error, request);
  }
}

export function RaffleEditForm({
  raffle,
  causes,
}: {
  raffle: AdminRaffle;
  causes: AdminRaffleList['causes'];
}) {
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  const { closedReason } = raffle.editRules;
  const frozen = Object.fromEntries(raffle.editRules.frozen.map((f) => [f.field, f.reason]));
  const input = 'mt-1 rounded-md border border-muted px-3 py-2';
  if (closedReason) {
    return (
      <section aria-labelledby="raffle-edit-title" className="mb-6">
        <h2 id="raffle-edit-title" className="mb-2 text-xl font-bold">
          Edit
        </h2>
        <p>{closedReason}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="raffle-edit-title" className="mb-6">
      <h2 id="raffle-edit-title" className="mb-2 text-xl font-bold">
        Edit
      </h2>
      <Notice message={result?.notice} />
      <ErrorSummary message={result?.error} signInAgain={result?.signInAgain} />
      <Form
        method="post"
        aria-label="Edit the raffle"
        noValidate
        key={`${raffle.closesAt}|${raffle.editRules.frozen.length}`}
      >
        <Field
          label="Name"
          name="name"
          hint={
            frozen.name ?? `Only its capitals, spaces or punctuation: its shop address ${raffle.url} stays`
          }
          defaultValue={raffle.name}
          required
          maxLength={80}
          disabled={frozen.name !== undefined}
          errors={errors.name}
        />
        <div className="mb-4">
          <label htmlFor="raffle-edit-description" className="block font-semibold">
            Description
          </label>
          <textarea
            id="raffle-edit-description"
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={raffle.description}
            aria-invalid={errors.description?.length ? true : undefined}
            aria-describedby={errors.description?.length ? 'raffle-edit-description-error' : undefined}
            className={`${input} w-full max-w-md`}
          />
          <GroupErrors id="raffle-edit-description-error" errors={errors.description} />
        </div>
        <CauseSelect
          idPrefix="raffle-edit"
          causes={causes}
          defaultValue={raffle.causeKey}
          frozen={frozen.causeKey}
          errors={errors.causeKey}
        />
        <Field
          label="Tickets"
          name="totalTickets"
          inputMode="numeric"
          hint={raffle.ticketsSold > 0 ? `${raffle.ticketsSold} sold: at least as many` : undefined}
          defaultValue={String(raffle.totalTickets)}
          required
          errors={errors.totalTickets}
        />
        <input type="hidden" name="closesAtShown" value={localInput(raffle.closesAt)} />
        <Field
          label="Closes"
          name="closesAt"
          type="datetime-local"
          hint={
            frozen.prizes !== undefined
              ? 'Tickets are sold: it may close later, never earlier; drawn the day after'
              : 'At least an hour from now; drawn the day after'
          }
          defaultValue={localInput(raffle.closesAt)}
          required
          errors={errors.closesAt}
        />
        <BookRows
          idPrefix="raffle-edit"
          books={raffle.books.map((b) => [String(b.numTickets), b.price.amount.toFixed(2)])}
          frozen={frozen.books}
          errors={errors.books}
        />
        <PrizeRows
          idPrefix="raffle-edit"
          prizes={raffle.prizes.map((p) => [p.name, p.value.amount.toFixed(2)])}
          frozen={frozen.prizes}
          errors={errors.prizes}
        />
        <PostalEntry
          idPrefix="raffle-edit"
          defaultChecked={raffle.postalEntryAvailable}
          marked
          frozen={frozen.postalEntryAvailable}
          errors={errors.postalEntryAvailable}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          Save the raffle
        </button>
      </Form>
    </section>
  );
}
