/**
 * The details an automatic check is asked with, checked as the sign-up checks them: field errors in
 * one answer, keyed as on the wire. Name and date of birth must be the account's (they are who the
 * account belongs to: a name is changed in My details first, a date of birth only by our team); the
 * address is the customer's home address now, which may differ from the one on the account.
 */
import type { VerifyBody } from '@drawhouse/contract';
import { AGE_MESSAGES, addressErrors, nameError, parseIsoDate } from '@drawhouse/domain';
import { snakeKey } from '../../http/case.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { IdentityDetails } from './identity-sources/identity-source.ts';

export type AccountIdentity = { firstname: string; lastname: string; dateOfBirth: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const NOT_ACCOUNT_NAME =
  'This must be the name on your account. To correct it, change it in My details first.';
export const NOT_ACCOUNT_BIRTH_DATE =
  'This must be the date of birth on your account. If that is wrong, please contact us.';

type FieldError = [field: string, message: string, code?: string];

/**
 * The problems with the name and date of birth a check is asked with: each well formed, and the
 * account's. Shared by every method that checks who the customer is.
 */
export function accountIdentityErrors(
  body: { firstname: string; lastname: string; dateOfBirth: string },
  account: AccountIdentity,
): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string | undefined, code?: string) =>
    message && errors.push([field, message, code]);
  add('firstname', nameError(body.firstname));
  add('lastname', nameError(body.lastname));
  const dateOfBirth = body.dateOfBirth.trim();
  add('date_of_birth', parseIsoDate(dateOfBirth) ? undefined : AGE_MESSAGES.invalidDate);
  const has = (field: string) => errors.some(([f]) => f === field);
  if (!has('firstname') && !same(body.firstname, account.firstname))
    add('firstname', NOT_ACCOUNT_NAME, 'not_account_name');
  if (!has('lastname') && !same(body.lastname, account.lastname))
    add('lastname', NOT_ACCOUNT_NAME, 'not_account_name');
  if (!has('date_of_birth') && dateOfBirth !== account.dateOfBirth)
    add('date_of_birth', NOT_ACCOUNT_BIRTH_DATE, 'not_account_date_of_birth');
  return errors;
}

/** The details to check, or throws 400 with every field's problem. */
export function identityDetailsOf(body: VerifyBody, account: AccountIdentity): IdentityDetails {
  const errors = accountIdentityErrors(body, account);
  for (const [field, message] of Object.entries(addressErrors(body.address, { australianOnly: true }))) {
    if (message) errors.push([`address.${snakeKey(field)}`, message]);
  }
  if (errors.length > 0) throw validationError(fieldErrors(errors));
  const a = body.address;
  return {
    firstname: body.firstname.trim(),
    lastname: body.lastname.trim(),
    dateOfBirth: body.dateOfBirth.trim(),
    address: {
      address: [a.address.trim(), a.addressLine2?.trim()].filter(Boolean).join(', '),
      suburb: a.suburb.trim(),
      state: a.state.trim().toUpperCase(),
      postcode: a.postcode.trim(),
      country: a.country.trim().toUpperCase(),
    },
  };
}
