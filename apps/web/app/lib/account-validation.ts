/**
 * The web server's checks of the join and details forms, before the API sees them: the domain's
 * rules, so the messages match the API's. The API checks everything again.
 */
import {
  addressErrors,
  dateOfBirthError,
  emailError,
  nameError,
  passwordProblem,
  phoneError,
  VALIDATION_MESSAGES,
} from '@drawhouse/domain';
import { type FieldErrors, formChecked, formText } from './forms';
import type { LinkParameters } from './link-parameters';

export type AddressValues = {
  address: string;
  addressLine2: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
};

/** The address fields of the join and details forms (see AddressFieldset). */
export function addressFrom(form: FormData): AddressValues {
  return {
    address: formText(form, 'address'),
    addressLine2: formText(form, 'addressLine2'),
    suburb: formText(form, 'suburb'),
    state: formText(form, 'state'),
    postcode: formText(form, 'postcode'),
    country: formText(form, 'country'),
  };
}

function addErrors(into: FieldErrors, from: Record<string, string | undefined>) {
  for (const [name, message] of Object.entries(from)) if (message && !into[name]) into[name] = message;
}

export function detailsErrors(values: {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  address: AddressValues;
}): FieldErrors {
  const errors: FieldErrors = {};
  addErrors(errors, {
    email: emailError(values.email),
    firstname: nameError(values.firstname),
    lastname: nameError(values.lastname),
    phone: phoneError(values.phone),
  });
  addErrors(errors, addressErrors(values.address, { australianOnly: true }));
  return errors;
}

/** Today in Sydney as YYYY-MM-DD (the API's calendar for the age rule). */
export function sydneyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);
}

export function joinErrors(
  values: Parameters<typeof detailsErrors>[0] & {
    password: string;
    dateOfBirth: string;
    acceptTerms: boolean;
  },
  minimumAge: number,
): FieldErrors {
  const errors = detailsErrors(values);
  addErrors(errors, {
    password: values.password ? passwordProblem(values.password)?.message : VALIDATION_MESSAGES.required,
    dateOfBirth: values.dateOfBirth
      ? dateOfBirthError(values.dateOfBirth, sydneyToday(), minimumAge)
      : VALIDATION_MESSAGES.required,
    acceptTerms: values.acceptTerms ? undefined : VALIDATION_MESSAGES.terms,
  });
  return errors;
}

/** The account upgrade's checks: the join form's date of birth, phone, address and terms. */
export function upgradeErrors(
  values: { dateOfBirth: string; phone: string; address: AddressValues; acceptTerms: boolean },
  minimumAge: number,
): FieldErrors {
  const errors: FieldErrors = {};
  addErrors(errors, {
    phone: phoneError(values.phone),
    dateOfBirth: values.dateOfBirth
      ? dateOfBirthError(values.dateOfBirth, sydneyToday(), minimumAge)
      : VALIDATION_MESSAGES.required,
  });
  addErrors(errors, addressErrors(values.address, { australianOnly: true }));
  addErrors(errors, { acceptTerms: values.acceptTerms ? undefined : VALIDATION_MESSAGES.terms });
  return errors;
}

/** The join of a visitor who came from Apple or Google: the join form's checks but the password. */
export function socialJoinErrors(
  values: Parameters<typeof detailsErrors>[0] & Parameters<typeof upgradeErrors>[0],
  minimumAge: number,
): FieldErrors {
  const errors = detailsErrors(values);
  addErrors(errors, upgradeErrors(values, minimumAge));
  return errors;
}

/** The join form's fields but email and password. */
export function signupDetailsFrom(form: FormData) {
  return {
    firstname: formText(form, 'firstname'),
    lastname: formText(form, 'lastname'),
    dateOfBirth: formText(form, 'dateOfBirth'),
    phone: formText(form, 'phone'),
    address: addressFrom(form),
    acceptTerms: formChecked(form, 'acceptTerms'),
  };
}

/**
 * The join's details as POST /v2/signup and /v2/social-authentication/join take them, with the
 * link's attribution (affiliate, partner, utm) when the visitor came by one.
 */
export function signupDetailsBody(
  values: ReturnType<typeof signupDetailsFrom>,
  form: FormData,
  link: LinkParameters,
) {
  const attribution = { affiliateCode: link.affiliateCode, partner: link.partner, ...link.utm };
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    dateOfBirth: values.dateOfBirth,
    phone: values.phone,
    address: addressBody(values.address),
    acceptTerms: values.acceptTerms,
    emailOptIn: formChecked(form, 'emailOptIn'),
    attribution: Object.values(attribution).some(Boolean) ? attribution : undefined,
    metadata: { platform: 'Web' },
  };
}

/** The address as the API takes it. `address_line_2` is written out: the case mapping would make it `address_line2`. */
export function addressBody(address: AddressValues) {
  return {
    address: address.address,
    address_line_2: address.addressLine2 || undefined,
    suburb: address.suburb,
    state: address.state,
    postcode: address.postcode,
    country: address.country,
  };
}
