/**
 * The driver's licence a document check is asked with: the name and date of birth as the account
 * holds them (as the automatic check asks), and the licence in its state's format. Every problem is
 * a field error in one 400 answer, keyed as on the wire; nothing is recorded.
 */
import type { VerifyLicenceBody } from '@drawhouse/contract';
import { type LicenceField, licenceErrors, normaliseLicenceValue } from '@drawhouse/domain';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { DocumentDetails } from './identity-sources/identity-source.ts';
import { type AccountIdentity, accountIdentityErrors } from './verification-input.ts';

const LICENCE_FIELDS: readonly LicenceField[] = ['state', 'licenceNumber', 'cardNumber'];

const WIRE_FIELD: Record<LicenceField, string> = {
  state: 'state',
  licenceNumber: 'licence_number',
  cardNumber: 'card_number',
};

/** The licence to check, or throws 400 with every field's problem. */
export function licenceDetailsOf(body: VerifyLicenceBody, account: AccountIdentity): DocumentDetails {
  const errors = accountIdentityErrors(body, account);
  const found = licenceErrors(body);
  for (const field of LICENCE_FIELDS) {
    const error = found[field];
    if (error) errors.push([WIRE_FIELD[field], error.message, error.code]);
  }
  if (errors.length > 0) throw validationError(fieldErrors(errors));
  const card = normaliseLicenceValue(body.cardNumber ?? '');
  return {
    firstname: body.firstname.trim(),
    lastname: body.lastname.trim(),
    dateOfBirth: body.dateOfBirth.trim(),
    document: {
      type: 'drivers_licence',
      state: body.state.trim().toUpperCase(),
      number: normaliseLicenceValue(body.licenceNumber),
      cardNumber: card === '' ? null : card,
    },
  };
}
