/**
 * Australian driver licences as each state and territory issues them: the licence number and the
 * card number (the number of the physical card, printed apart from the licence number; the document
 * verification service asks for it for every state's licence since the card-number rollout). Checked
 * before a licence is looked up, so a typing slip is a field error and not a failed verification.
 */
export const LICENCE_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export type LicenceFieldFormat = {
  /** Matched against the value with spaces removed, upper-cased. */
  pattern: RegExp;
  /** How the format is described to the customer. */
  hint: string;
};

export type LicenceFormat = {
  name: string;
  licenceNumber: LicenceFieldFormat;
  cardNumberRequired: boolean;
  cardNumber: LicenceFieldFormat;
};

const digits = (min: number, max: number): LicenceFieldFormat => ({
  pattern: new RegExp(`^\\d{${min},${max}}$`),
  hint: min === max ? `${min} digits` : `${min} to ${max} digits`,
});
const alnum = (min: number, max: number): LicenceFieldFormat => ({
  pattern: new RegExp(`^[A-Z0-9]{${min},${max}}$`),
  hint: min === max ? `${min} letters or digits` : `${min} to ${max} letters or digits`,
});

export const LICENCE_FORMATS: Record<LicenceState, LicenceFormat> = {
  ACT: {
    name: 'Australian Capital Territory',
    licenceNumber: digits(1, 10),
    cardNumberRequired: true,
    cardNumber: alnum(10, 10),
  },
  NSW: {
    name: 'New South Wales',
    licenceNumber: alnum(6, 8),
    cardNumberRequired: true,
    cardNumber: digits(10, 10),
  },
  NT: {
    name: 'Northern Territory',
    licenceNumber: digits(1, 10),
    cardNumberRequired: true,
    cardNumber: digits(6, 8),
  },
  QLD: {
    name: 'Queensland',
    licenceNumber: digits(8, 9),
    cardNumberRequired: true,
    cardNumber: alnum(10, 10),
  },
  SA: {
    name: 'South Australia',
    licenceNumber: alnum(6, 6),
    cardNumberRequired: true,
    cardNumber: alnum(9, 9),
  },
  TAS: { name: 'Tasmania', licenceNumber: alnum(6, 8), cardNumberRequired: true, cardNumber: alnum(9, 9) },
  VIC: { name: 'Victoria', licenceNumber: digits(1, 10), cardNumberRequired: true, cardNumber: alnum(8, 8) },
  WA: {
    name: 'Western Australia',
    licenceNumber: digits(7, 7),
    cardNumberRequired: true,
    cardNumber: alnum(8, 10),
  },
};

export function isLicenceState(value: string): value is LicenceState {
  return (LICENCE_STATES as readonly string[]).includes(value);
}

/** A licence or card number as compared: spaces and hyphens removed, upper-cased. */
export const normaliseLicenceValue = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

export type LicenceInput = { state: string; licenceNumber: string; cardNumber?: string | null };
export type LicenceField = 'state' | 'licenceNumber' | 'cardNumber';
export type LicenceFieldError = { code: 'required' | 'invalid_format' | 'invalid_state'; message: string };

export const LICENCE_MESSAGES = {
  stateRequired: 'Choose the state or territory that issued your licence.',
  invalidState: 'Choose an Australian state or territory: we can only check Australian licences.',
  licenceRequired: 'Enter your licence number.',
  cardRequired: 'Enter the card number printed on your licence.',
  licenceFormat: (f: LicenceFormat) =>
    `A ${f.name} licence number is ${f.licenceNumber.hint}. Check it against your licence.`,
  cardFormat: (f: LicenceFormat) =>
    `A ${f.name} card number is ${f.cardNumber.hint}. Check it against your licence.`,
} as const;

/** Every problem with a licence's details, by field; empty when it may be looked up. */
export function licenceErrors(input: LicenceInput): Partial<Record<LicenceField, LicenceFieldError>> {
  const state = input.state.trim().toUpperCase();
  if (state === '') return { state: { code: 'required', message: LICENCE_MESSAGES.stateRequired } };
  if (!isLicenceState(state))
    return { state: { code: 'invalid_state', message: LICENCE_MESSAGES.invalidState } };
  const format = LICENCE_FORMATS[state];
  const errors: Partial<Record<LicenceField, LicenceFieldError>> = {};
  const licence = normaliseLicenceValue(input.licenceNumber);
  if (licence === '') errors.licenceNumber = { code: 'required', message: LICENCE_MESSAGES.licenceRequired };
  else if (!format.licenceNumber.pattern.test(licence))
    errors.licenceNumber = { code: 'invalid_format', message: LICENCE_MESSAGES.licenceFormat(format) };
  const card = normaliseLicenceValue(input.cardNumber ?? '');
  if (card === '') {
    if (format.cardNumberRequired)
      errors.cardNumber = { code: 'required', message: LICENCE_MESSAGES.cardRequired };
  } else if (!format.cardNumber.pattern.test(card))
    errors.cardNumber = { code: 'invalid_format', message: LICENCE_MESSAGES.cardFormat(format) };
  return errors;
}
