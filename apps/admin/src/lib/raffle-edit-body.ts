/**
 * The raffle edit form's body: the fields the form holds (a disabled field is not sent, so a field the
 * raffle's sales froze is left as it is) and the close time only when the operator changed it (the
 * input holds minutes; the raffle's close may hold seconds).
 */
import type { AdminRaffleEditBody } from '@drawhouse/contract';
import { text, typedInstant } from './forms';

const numberOf = (value: string) => (value === '' ? Number.NaN : Number(value));

/** Rows `0..` of a repeated pair of inputs (books, prizes) that are filled in. */
export function filledRows(form: FormData, first: string, second: string): number[] {
  const out: number[] = [];
  for (let i = 0; form.has(`${first}${i}`); i += 1) {
    if (text(form, `${first}${i}`) !== '' || text(form, `${second}${i}`) !== '') out.push(i);
  }
  return out;
}

/** The edit as the form sends it: the fields it holds (disabled ones are left out). */
export function raffleEditBody(form: FormData): AdminRaffleEditBody {
  const body: AdminRaffleEditBody = {};
  if (form.has('name')) body.name = text(form, 'name');
  if (form.has('description')) body.description = text(form, 'description');
  if (form.has('causeKey')) body.causeKey = text(form, 'causeKey');
  if (form.has('totalTickets')) body.totalTickets = numberOf(text(form, 'totalTickets'));
  const closes = text(form, 'closesAt');
  if (form.has('closesAt') && closes !== text(form, 'closesAtShown')) {
    body.closesAt = typedInstant(closes);
  }
  if (form.has('bookTickets0')) {
    body.books = filledRows(form, 'bookTickets', 'bookPrice').map((i) => ({
      numTickets: numberOf(text(form, `bookTickets${i}`)),
      price: numberOf(text(form, `bookPrice${i}`)),
    }));
  }
  if (form.has('prizeName0')) {
    body.prizes = filledRows(form, 'prizeName', 'prizeValue').map((i) => ({
      name: text(form, `prizeName${i}`),
      value: numberOf(text(form, `prizeValue${i}`)),
    }));
  }
  if (form.has('postalEntryShown')) body.postalEntryAvailable = form.get('postalEntryAvailable') === 'on';
  return body;
}
