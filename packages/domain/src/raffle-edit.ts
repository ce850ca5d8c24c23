/**
 * What may change in a raffle after it is made (the back office's edit form). Before any ticket is
 * sold, everything the creation form sets except its key (shop address) and its commitment: the
 * name only while its key stays. Once tickets are sold, customers bought on the raffle's terms: the
 * description may change, the close time may be extended (never brought forward) and the ticket count
 * may change but never fall below the tickets sold; the name, cause, prices, prizes and free entry by
 * post are frozen. A raffle whose draw has closed cannot be edited. The edit is checked whole: each
 * refused field gets its own message.
 */
import type { Cents } from './money.ts';
import { checkRaffleDraft, type RaffleDraft, type RaffleValues, raffleKeyOf } from './raffle-draft.ts';
import type { FieldError } from './validation-messages.ts';

/** The raffle as it stands, with what its sales bind. */
export type RaffleNow = RaffleValues & {
  /** Whether its current draw still takes entries (not closed, its stop time not passed). */
  open: boolean;
  /** Tickets sold in its open draw: the floor of its ticket count. */
  ticketsSold: number;
  /**
   * Tickets sold in its draws not yet paid, the open one included: their buyers hold the prizes and
   * prices (an earlier draw closed but not drawn is drawn on the raffle's current prizes).
   */
  ticketsBinding: number;
};

export type RaffleEditField = keyof RaffleDraft;

/** An edit: the fields sent change, the others stay. */
export type RaffleEdit = Partial<RaffleDraft>;

/** Why the raffle cannot be edited at all (null: it can), and the fields its sales have frozen. */
export type RaffleEditRules = {
  closedReason: string | null;
  frozen: Partial<Record<RaffleEditField, string>>;
};

export type RaffleEditCheck =
  | { ok: true; values: RaffleValues; changed: (keyof RaffleValues)[] }
  | {
      ok: false;
      /** `closed`: nothing may change; `invalid`: a value is wrong; `frozen`: sales forbid the change. */
      refusal: 'closed' | 'invalid' | 'frozen';
      errors: Record<string, FieldError[]>;
    };

/** An edited close time is at least an hour ahead (a new close) and within two years. */
const MIN_OPEN_MS = 3_600_000;
const MAX_OPEN_MS = 2 * 366 * 86_400_000;

export const RAFFLE_CLOSED_REASON = "This raffle's draw has closed: it can no longer be edited.";
const SOLD_TERMS = 'Tickets have been sold on these terms, so they can no longer change.';
const FROZEN_BY_SALES: readonly RaffleEditField[] = [
  'name',
  'causeKey',
  'books',
  'prizes',
  'postalEntryAvailable',
];

/** What the edit form may change now, and why the rest may not. */
export function raffleEditRules(raffle: RaffleNow): RaffleEditRules {
  if (!raffle.open) return { closedReason: RAFFLE_CLOSED_REASON, frozen: {} };
  if (raffle.ticketsBinding === 0) return { closedReason: null, frozen: {} };
  return {
    closedReason: null,
    frozen: Object.fromEntries(FROZEN_BY_SALES.map((field) => [field, SOLD_TERMS])),
  };
}

/** The raffle as its form shows it (amounts in major units). */
export function raffleDraftOf(raffle: RaffleValues): RaffleDraft {
  return {
    name: raffle.name,
    description: raffle.description,
    causeKey: raffle.causeKey,
    totalTickets: raffle.totalTickets,
    closesAt: raffle.closesAt.toISOString(),
    books: raffle.books.map((b) => ({ numTickets: b.numTickets, price: b.priceCents / 100 })),
    prizes: raffle.prizes.map((p) => ({ name: p.name, value: p.valueCents / 100 })),
    postalEntryAvailable: raffle.postalEntryAvailable,
  };
}

const sameBooks = (a: readonly { numTickets: number; priceCents: Cents }[], b: typeof a) =>
  a.length === b.length &&
  a.every((x, i) => x.numTickets === b[i]?.numTickets && x.priceCents === b[i]?.priceCents);

const samePrizes = (a: RaffleValues['prizes'], b: RaffleValues['prizes']) =>
  a.length === b.length && a.every((x, i) => x.name === b[i]?.name && x.valueCents === b[i]?.valueCents);

/** The stored fields an edit changes. */
function changesOf(before: RaffleValues, after: RaffleValues): (keyof RaffleValues)[] {
  const changed: (keyof RaffleValues)[] = [];
  for (const field of ['name', 'description', 'causeKey', 'totalTickets', 'postalEntryAvailable'] as const) {
    if (before[field] !== after[field]) changed.push(field);
  }
  if (before.closesAt.getTime() !== after.closesAt.getTime()) changed.push('closesAt');
  if (!sameBooks(before.books, after.books)) changed.push('books');
  if (!samePrizes(before.prizes, after.prizes)) changed.push('prizes');
  return changed;
}

/**
 * The raffle's values after `edit`, and the fields it changes; or why not. `knownCauses` are the
 * causes a raffle may support.
 */
export function checkRaffleEdit(
  raffle: RaffleNow,
  edit: RaffleEdit,
  knownCauses: readonly string[],
  now: Date,
): RaffleEditCheck {
  const rules = raffleEditRules(raffle);
  if (rules.closedReason !== null) {
    return {
      ok: false,
      refusal: 'closed',
      errors: { closesAt: [{ code: 'raffle_closed', message: rules.closedReason }] },
    };
  }
  const draft: RaffleDraft = { ...raffleDraftOf(raffle), ...edit };
  const checked = checkRaffleDraft(draft, knownCauses, now);
  const invalid: Record<string, FieldError[]> = {};
  const frozen: Record<string, FieldError[]> = {};
  const fail = (into: Record<string, FieldError[]>, field: string, code: string, message: string) => {
    into[field] = [...(into[field] ?? []), { code, message }];
  };
  if (!checked.ok) {
    for (const [field, list] of Object.entries(checked.errors)) {
      // The close time's range is this check's own (an unchanged close may be under an hour away).
      const kept = list.filter((e) => e.code !== 'close_out_of_range');
      if (kept.length > 0) invalid[field] = kept;
    }
  }
  if (draft.name.trim() !== '' && raffleKeyOf(draft.name.trim()) !== raffle.key && !invalid.name) {
    fail(
      invalid,
      'name',
      'key_fixed',
      `The name must keep the shop address /${raffle.key}: change only its capitals, spaces or punctuation.`,
    );
  }
  const closesAt = new Date(draft.closesAt);
  const closeMoved = !Number.isNaN(closesAt.getTime()) && closesAt.getTime() !== raffle.closesAt.getTime();
  if (closeMoved && closesAt.getTime() > now.getTime() + MAX_OPEN_MS) {
    fail(invalid, 'closesAt', 'close_out_of_range', 'A raffle closes within two years from now.');
  }
  const sold = raffle.ticketsBinding > 0;
  if (closeMoved && closesAt.getTime() < raffle.closesAt.getTime()) {
    if (sold) {
      fail(
        frozen,
        'closesAt',
        'close_brought_forward',
        'Tickets have been sold: the close time may be extended but never brought forward.',
      );
    } else if (closesAt.getTime() < now.getTime() + MIN_OPEN_MS) {
      fail(invalid, 'closesAt', 'close_out_of_range', 'A raffle closes at least an hour from now.');
    }
  }
  if (Number.isSafeInteger(draft.totalTickets) && draft.totalTickets < raffle.ticketsSold) {
    fail(
      frozen,
      'totalTickets',
      'below_tickets_sold',
      `${raffle.ticketsSold} tickets have been sold: the raffle needs at least as many.`,
    );
  }
  if (!checked.ok || Object.keys(invalid).length > 0) {
    return { ok: false, refusal: 'invalid', errors: mergeErrors(invalid, frozen) };
  }
  const changed = changesOf(raffle, checked.values);
  // The key comes from the name; with the name changed only in its spelling, the key is the raffle's.
  const values = { ...checked.values, key: raffle.key };
  for (const field of changed) {
    const reason = rules.frozen[field as RaffleEditField];
    if (reason !== undefined) fail(frozen, field, 'frozen_by_sales', reason);
  }
  if (Object.keys(frozen).length > 0) return { ok: false, refusal: 'frozen', errors: frozen };
  return { ok: true, values, changed };
}

function mergeErrors(
  a: Record<string, FieldError[]>,
  b: Record<string, FieldError[]>,
): Record<string, FieldError[]> {
  const out = { ...a };
  for (const [field, list] of Object.entries(b)) out[field] = [...(out[field] ?? []), ...list];
  return out;
}
