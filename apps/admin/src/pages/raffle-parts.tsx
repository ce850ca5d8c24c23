/**
 * What the new raffle and edit raffle forms share: the cause, the ticket prices (books), the prizes in
 * order and free entry by post, each with the API's errors and, on the edit form, the reason a field
 * is frozen (then disabled, and not sent).
 */
import type { AdminRaffleList } from '@drawhouse/contract';
import { GroupErrors } from '../ui';

const MIN_BOOK_ROWS = 4;
const MIN_PRIZE_ROWS = 5;
/** Rows for what is filled in, one empty row more, and at least `min`. */
const rowsFor = (filled: number, min: number) =>
  Array.from({ length: Math.max(filled + 1, min) }, (_, i) => i);
const INPUT = 'mt-1 rounded-md border border-muted px-3 py-2';

export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** Why a field is frozen, for its `aria-describedby`. */
function Frozen({ id, reason }: { id: string; reason: string | undefined }) {
  if (!reason) return null;
  return (
    <p id={id} className="text-sm text-muted">
      {reason}
    </p>
  );
}

type Part = {
  /** Makes the ids of the part's elements: `raffle` on the new form, `raffle-edit` on the edit form. */
  idPrefix: string;
  errors: string[] | undefined;
  /** Why the field cannot change now (it is disabled then). */
  frozen?: string;
};

const describe = (id: string, { frozen, errors }: Part) =>
  describedBy(frozen !== undefined && `${id}-frozen`, !!errors?.length && `${id}-error`);

export function CauseSelect(part: Part & { causes: AdminRaffleList['causes']; defaultValue?: string }) {
  const id = `${part.idPrefix}-cause`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-semibold">
        Cause
      </label>
      <Frozen id={`${id}-frozen`} reason={part.frozen} />
      <select
        id={id}
        name="causeKey"
        defaultValue={part.defaultValue}
        disabled={part.frozen !== undefined}
        aria-invalid={part.errors?.length ? true : undefined}
        aria-describedby={describe(id, part)}
        className={INPUT}
      >
        {part.causes.map((c) => (
          <option key={c.key} value={c.key}>
            {c.name}
          </option>
        ))}
      </select>
      <GroupErrors id={`${id}-error`} errors={part.errors} />
    </div>
  );
}

/** A pair of inputs a row, filled from `values`. */
function PairRows(
  part: Part & {
    what: 'books' | 'prizes';
    legend: string;
    hint?: string;
    values: readonly [string, string][];
    min: number;
    first: {
      name: string;
      label: (n: number) => string;
      inputMode?: 'numeric';
      maxLength?: number;
      width: string;
    };
    second: { name: string; label: (n: number) => string; width: string };
  },
) {
  const id = `${part.idPrefix}-${part.what}`;
  return (
    <fieldset className="mb-4" disabled={part.frozen !== undefined} aria-describedby={describe(id, part)}>
      <legend className="font-semibold">{part.legend}</legend>
      {part.hint ? <p className="text-sm text-muted">{part.hint}</p> : null}
      <Frozen id={`${id}-frozen`} reason={part.frozen} />
      <GroupErrors id={`${id}-error`} errors={part.errors} />
      {rowsFor(part.values.length, part.min).map((i) => (
        <div key={i} className="mt-2 flex flex-wrap gap-3">
          <label className="block">
            {part.first.label(i + 1)}
            <input
              name={`${part.first.name}${i}`}
              inputMode={part.first.inputMode}
              maxLength={part.first.maxLength}
              defaultValue={part.values[i]?.[0] ?? ''}
              className={`${INPUT} ml-2 ${part.first.width}`}
            />
          </label>
          <label className="block">
            {part.second.label(i + 1)}
            <input
              name={`${part.second.name}${i}`}
              inputMode="decimal"
              defaultValue={part.values[i]?.[1] ?? ''}
              className={`${INPUT} ml-2 ${part.second.width}`}
            />
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The ticket prices: `books` as [tickets, price] text. */
export function BookRows(part: Part & { books: readonly [string, string][] }) {
  return (
    <PairRows
      {...part}
      what="books"
      legend="Ticket prices"
      hint="A book of tickets and its price, e.g. 1 ticket for $5, 3 for $10"
      values={part.books}
      min={MIN_BOOK_ROWS}
      first={{
        name: 'bookTickets',
        label: (n) => `Tickets in book ${n}`,
        inputMode: 'numeric',
        width: 'w-24',
      }}
      second={{ name: 'bookPrice', label: (n) => `Price of book ${n} ($)`, width: 'w-28' }}
    />
  );
}

/** The prizes in order: `prizes` as [name, value] text. */
export function PrizeRows(part: Part & { prizes: readonly [string, string][] }) {
  return (
    <PairRows
      {...part}
      what="prizes"
      legend="Prizes, first prize first"
      values={part.prizes}
      min={MIN_PRIZE_ROWS}
      first={{ name: 'prizeName', label: (n) => `Prize ${n}`, maxLength: 120, width: 'w-64' }}
      second={{ name: 'prizeValue', label: (n) => `Value of prize ${n} ($)`, width: 'w-32' }}
    />
  );
}

/**
 * Free entry by post. With `marked`, a hidden field says the box was on the form (an unticked box
 * sends nothing), so the edit form can tell "unticked" from "frozen".
 */
export function PostalEntry(part: Part & { defaultChecked?: boolean; marked?: boolean }) {
  const id = `${part.idPrefix}-postal`;
  return (
    <div className="mb-4">
      {part.marked && part.frozen === undefined ? (
        <input type="hidden" name="postalEntryShown" value="1" />
      ) : null}
      <input
        type="checkbox"
        id={id}
        name="postalEntryAvailable"
        defaultChecked={part.defaultChecked}
        disabled={part.frozen !== undefined}
        aria-describedby={describe(id, part)}
        className="mr-1"
      />
      <label htmlFor={id}>Free entry by post is offered</label>
      <Frozen id={`${id}-frozen`} reason={part.frozen} />
      <GroupErrors id={`${id}-error`} errors={part.errors} />
    </div>
  );
}
