/**
 * Where a visitor is, and what it means for buying. The shop sells to Australian residents; a
 * resident located abroad confirms once for each country they are located in, and anyone else in a
 * country where the shop may not sell cannot buy.
 */
import { AUSTRALIA_CODE, countryCode, countryName } from './countries.ts';

export type LocationInput = {
  /** The visitor's located country (ISO code); null when it is not known. */
  locatedCountry: string | null;
  bannedCountries: readonly string[];
  /** The signed-in customer's address country as stored; null for a visitor not signed in. */
  customerCountry: string | null;
  /** The country of the customer's latest location confirmation, if any. */
  confirmedCountry: string | null;
};

export type PurchaseLocation = 'allowed' | 'country_banned' | 'location_confirmation_required';

export type LocationStatus = {
  countryBanned: boolean;
  countryBannedConfirmationRequired: boolean;
  purchase: PurchaseLocation;
};

export function isAustralianResident(customerCountry: string | null): boolean {
  return customerCountry !== null && countryCode(customerCountry) === AUSTRALIA_CODE;
}

export function locationStatus(input: LocationInput): LocationStatus {
  const located = input.locatedCountry;
  const abroad = located !== null && located !== AUSTRALIA_CODE;
  const countryBanned = located !== null && input.bannedCountries.includes(located);
  const resident = isAustralianResident(input.customerCountry);
  const confirmed = abroad && input.confirmedCountry === located;
  const countryBannedConfirmationRequired = resident && abroad && !confirmed;
  let purchase: PurchaseLocation = 'allowed';
  if (countryBannedConfirmationRequired) purchase = 'location_confirmation_required';
  else if (countryBanned && !(resident && confirmed)) purchase = 'country_banned';
  return { countryBanned, countryBannedConfirmationRequired, purchase };
}

/** Whether a customer may confirm where they are: a resident located abroad. */
export function mayConfirmLocation(
  input: Pick<LocationInput, 'locatedCountry' | 'customerCountry'>,
): boolean {
  return (
    isAustralianResident(input.customerCountry) &&
    input.locatedCountry !== null &&
    input.locatedCountry !== AUSTRALIA_CODE
  );
}

/** The words of the refusal a purchase gets from where the visitor is. */
export function purchaseLocationMessage(
  refusal: Exclude<PurchaseLocation, 'allowed'>,
  country: string,
): string {
  const name = countryName(country) ?? country;
  return refusal === 'country_banned'
    ? `Drawhouse cannot sell tickets to visitors in ${name}.`
    : `You appear to be in ${name}. Confirm that you are an Australian resident buying for yourself before you buy.`;
}

/** What the customer confirms, word for word. */
export function locationConfirmationText(country: string): string {
  const name = countryName(country) ?? country;
  return `You appear to be in ${name}. I confirm that I am an Australian resident and that I am buying tickets for myself.`;
}
