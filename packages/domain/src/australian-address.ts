/**
 * Address rules of registration and customer details: the
 * fields address, country, postcode, state and suburb are required, address_line_2 never is; states
 * are ACT, NSW, NT, QLD, SA, TAS, VIC, WA and OTHER; an Australian post code is 4 digits and
 * belongs to the chosen state; the country is an ISO 3166-1 alpha-2 code.
 */
import { postcodeMatchesState } from './australian-postcodes.ts';
import { isAustralianState } from './australian-states.ts';
import { AUSTRALIA_CODE, countryCode } from './countries.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export const REQUIRED_ADDRESS_FIELDS = ['address', 'country', 'postcode', 'state', 'suburb'] as const;

export const ADDRESS_MESSAGES = {
  state: 'Please choose a state.',
  australiaOnly: 'Drawhouse accounts are for Australian addresses only.',
  stateForAustralia: 'Please choose the state of your Australian address.',
  country: 'Please choose a country from the list.',
} as const;

/** Field lengths the database and the forms agree on. */
export const ADDRESS_MAX_LENGTH = 200;

export type AddressInput = {
  address?: string | null;
  addressLine2?: string | null;
  suburb?: string | null;
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
};

/** "AU", "AUS" or "Australia", whatever the case. */
export function isAustralia(country: string): boolean {
  return countryCode(country) === AUSTRALIA_CODE;
}

export function isAustralianPostcode(value: string): boolean {
  return /^[0-9]{4}$/.test(value);
}

/**
 * Field errors of an address by field name (camelCase), empty when acceptable. With
 * `australianOnly`, the country must be Australia (registration); an Australian address needs a
 * 4-digit post code of its state and a state other than OTHER.
 */
export function addressErrors(
  input: AddressInput,
  options: { australianOnly?: boolean } = {},
): Partial<Record<keyof AddressInput, string>> {
  const errors: Partial<Record<keyof AddressInput, string>> = {};
  const value = (k: keyof AddressInput) => (input[k] ?? '').trim();
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!value(field)) errors[field] = VALIDATION_MESSAGES.required;
    else if (value(field).length > ADDRESS_MAX_LENGTH)
      errors[field] = `Please use ${ADDRESS_MAX_LENGTH} characters or fewer.`;
  }
  if (value('addressLine2').length > ADDRESS_MAX_LENGTH) {
    errors.addressLine2 = `Please use ${ADDRESS_MAX_LENGTH} characters or fewer.`;
  }
  const state = value('state');
  if (state && !isAustralianState(state)) errors.state = ADDRESS_MESSAGES.state;
  const country = value('country');
  if (!country) return errors;
  if (isAustralia(country)) {
    const postcode = value('postcode');
    if (postcode && !isAustralianPostcode(postcode)) errors.postcode = VALIDATION_MESSAGES.postcode;
    else if (
      postcode &&
      isAustralianState(state) &&
      state !== 'OTHER' &&
      !postcodeMatchesState(postcode, state)
    )
      errors.postcode = VALIDATION_MESSAGES.postcodeOfAnotherState(postcode, state);
    if (state === 'OTHER') errors.state = ADDRESS_MESSAGES.stateForAustralia;
  } else if (!countryCode(country)) {
    errors.country = ADDRESS_MESSAGES.country;
  } else if (options.australianOnly) {
    errors.country = ADDRESS_MESSAGES.australiaOnly;
  }
  return errors;
}
