/**
 * Free postal entry into a raffle draw. Australian trade promotion rules expect a way to enter some
 * raffles without buying: the entrant posts their name, address and email to Drawhouse, and an operator
 * records the letter. The entry takes the draw's next ticket number, exactly as a sale would, at no
 * charge.
 *
 * Rules chosen here:
 * - One entry per email address and draw (a second letter from the same address is a repeat: it is
 *   refused with the number the first one got, and changes nothing).
 * - Only a raffle offering postal entry takes one, and only while the draw takes entries (open and
 *   before its stop time); a letter arriving after the close is refused like a late purchase.
 */
import { emailError, nameError, normaliseEmail } from './contact-details.ts';
import type { FieldError } from './validation-messages.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

/** Where entrants post their entries. */
export const POSTAL_ENTRY_ADDRESS = [
  'Drawhouse Free Raffle Entries',
  'Reply Paid 86025',
  'Sydney NSW 2001',
] as const;

export const POSTAL_ADDRESS_MAX_LENGTH = 300;

export type PostalEntryForm = { name: string; address: string; email: string };
export type PostalEntryValues = { name: string; address: string; email: string; emailKey: string };

export type PostalEntryCheck =
  | { ok: true; values: PostalEntryValues }
  | { ok: false; errors: Record<string, FieldError[]> };

/** The entrant's details as written on the letter: a name, a postal address, an email. */
export function checkPostalEntry(form: PostalEntryForm): PostalEntryCheck {
  const errors: Record<string, FieldError[]> = {};
  const name = form.name.trim();
  const address = form.address.trim().replace(/\s*\n\s*/g, ', ');
  const email = form.email.trim();
  const nameFailure = nameError(name);
  if (nameFailure) errors.name = [{ code: 'invalid_name', message: nameFailure }];
  if (!address) errors.address = [{ code: 'required', message: VALIDATION_MESSAGES.required }];
  else if (address.length > POSTAL_ADDRESS_MAX_LENGTH) {
    errors.address = [
      { code: 'too_long', message: `Please use ${POSTAL_ADDRESS_MAX_LENGTH} characters or fewer.` },
    ];
  }
  const emailFailure = emailError(email);
  if (emailFailure) errors.email = [{ code: 'invalid_email', message: emailFailure }];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: { name, address, email, emailKey: normaliseEmail(email) } };
}

export type PostalEntryRefusal = 'not_offered' | 'draw_closed';

/** Why a draw takes no postal entry now, or null when it takes one. */
export function postalEntryRefusal(
  raffle: { postalEntryAvailable: boolean },
  draw: { status: string; stopAt: Date },
  now: Date,
): PostalEntryRefusal | null {
  if (!raffle.postalEntryAvailable) return 'not_offered';
  if (draw.status !== 'DRAW_OPEN' || draw.stopAt <= now) return 'draw_closed';
  return null;
}

/** What an entrant writes on the letter, in order. */
export function postalEntryInstructions(raffleName: string, drawNo: number): string[] {
  return [
    `The raffle and draw: ${raffleName}, draw ${drawNo}.`,
    'Your full name, your postal address and your email address.',
    'One entry per letter; one free entry per person and draw.',
    'It must arrive before the draw closes. We email you your ticket number when it is entered.',
  ];
}
