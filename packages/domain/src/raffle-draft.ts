/**
 * A raffle as the back office's form describes it, checked whole: each wrong field gets its own
 * message, or the raffle's stored values come out (its offer key made from its name). Amounts are
 * major units, the close time ISO 8601.
 */
import { parseAmountInput } from './amount-input.ts';
import type { Cents } from './money.ts';
import type { FieldError } from './validation-messages.ts';

export type RaffleDraft = {
  name: string;
  description: string;
  causeKey: string;
  totalTickets: number;
  closesAt: string;
  books: readonly { numTickets: number; price: number }[];
  prizes: readonly { name: string; value: number }[];
  postalEntryAvailable: boolean;
};

export type RaffleValues = {
  key: string;
  name: string;
  description: string;
  causeKey: string;
  totalTickets: number;
  closesAt: Date;
  books: { numTickets: number; priceCents: Cents }[];
  prizes: { rank: number; name: string; valueCents: Cents }[];
  postalEntryAvailable: boolean;
};

export type RaffleDraftCheck =
  | { ok: true; values: RaffleValues }
  | { ok: false; errors: Record<string, FieldError[]> };

/** A raffle closes at least an hour after it is made and within two years. */
const MIN_OPEN_MS = 3_600_000;
const MAX_OPEN_MS = 2 * 366 * 86_400_000;
const MAX_TICKETS = 10_000_000;
const MAX_PRIZE_CENTS = 1_000_000_000_00;

/** The offer key (and shop address) of a raffle's name: "Surf Club Ute Raffle" -> "surf-club-ute-raffle". */
export function raffleKeyOf(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The draft's stored values or its field errors; `knownCauses` are the causes a raffle may support. */
export function checkRaffleDraft(
  draft: RaffleDraft,
  knownCauses: readonly string[],
  now: Date,
): RaffleDraftCheck {
  const errors: Record<string, FieldError[]> = {};
  const fail = (field: string, code: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), { code, message }];
  };
  const name = draft.name.trim();
  const key = raffleKeyOf(name);
  if (name.length < 3 || name.length > 80 || key.length < 3) {
    fail('name', 'invalid_name', 'A name is 3 to 80 characters, with at least 3 letters or digits.');
  }
  const description = draft.description.trim();
  if (description.length > 2000) fail('description', 'too_long', 'A description is at most 2000 characters.');
  if (!knownCauses.includes(draft.causeKey))
    fail('causeKey', 'unknown_cause', 'Choose the cause it supports.');
  if (
    !Number.isSafeInteger(draft.totalTickets) ||
    draft.totalTickets < 1 ||
    draft.totalTickets > MAX_TICKETS
  ) {
    fail('totalTickets', 'invalid_tickets', `Enter a whole number of tickets from 1 to ${MAX_TICKETS}.`);
  }
  const closesAt = new Date(draft.closesAt);
  if (Number.isNaN(closesAt.getTime())) {
    fail('closesAt', 'invalid_date', 'Enter a valid close date and time.');
  } else if (
    closesAt.getTime() < now.getTime() + MIN_OPEN_MS ||
    closesAt.getTime() > now.getTime() + MAX_OPEN_MS
  ) {
    fail('closesAt', 'close_out_of_range', 'A raffle closes at least an hour from now and within two years.');
  }
  const books: RaffleValues['books'] = [];
  if (draft.books.length === 0) fail('books', 'books_required', 'Add at least one ticket price.');
  for (const book of draft.books) {
    const priceCents = parseAmountInput(book.price);
    if (!Number.isSafeInteger(book.numTickets) || book.numTickets < 1 || book.numTickets > 1000) {
      fail('books', 'invalid_book', 'A book holds a whole number of tickets from 1 to 1000.');
    } else if (priceCents === null || priceCents < 1 || priceCents > 100_000_00) {
      fail('books', 'invalid_price', 'A book costs from 0.01 to 100000.00, e.g. 5 or 2.50.');
    } else if (books.some((b) => b.numTickets === book.numTickets)) {
      fail('books', 'duplicate_book', `There are two prices for ${book.numTickets} tickets.`);
    } else books.push({ numTickets: book.numTickets, priceCents });
  }
  const prizes: RaffleValues['prizes'] = [];
  if (draft.prizes.length === 0) fail('prizes', 'prizes_required', 'Add at least one prize.');
  for (const [i, prize] of draft.prizes.entries()) {
    const valueCents = parseAmountInput(prize.value);
    const prizeName = prize.name.trim();
    if (prizeName.length < 2 || prizeName.length > 120) {
      fail('prizes', 'invalid_prize_name', `Prize ${i + 1}: a name is 2 to 120 characters.`);
    } else if (valueCents === null || valueCents < 1 || valueCents > MAX_PRIZE_CENTS) {
      fail('prizes', 'invalid_prize_value', `Prize ${i + 1}: enter its value, e.g. 500 or 49.95.`);
    } else prizes.push({ rank: i + 1, name: prizeName, valueCents });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      key,
      name,
      description,
      causeKey: draft.causeKey,
      totalTickets: draft.totalTickets,
      closesAt,
      books: books.sort((a, b) => a.numTickets - b.numTickets),
      prizes,
      postalEntryAvailable: draft.postalEntryAvailable,
    },
  };
}
