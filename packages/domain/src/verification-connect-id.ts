/**
 * What an identity provider (ConnectID) shared, matched with the customer's account: the name and
 * date of birth as the account holds them, and the home address. Only details the provider says it
 * verified count: a provider's unverified details match nothing. Streets are compared as written,
 * after case, punctuation and the usual street-type abbreviations ("Street" and "St") are evened out.
 */
import type { SourceMatch } from './verification-decision.ts';

/** An address as OpenID Connect shares it. */
export type SharedAddress = {
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
};

/** The details the provider shared; `verified` when it vouches for them (its verified claims). */
export type SharedIdentity = {
  givenName: string;
  familyName: string;
  /** `YYYY-MM-DD`. */
  birthdate: string;
  address: SharedAddress | null;
  verified: boolean;
};

/** The customer's account, as verification reads it. */
export type AccountRecord = {
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  address: { address: string; addressLine2: string | null; suburb: string; state: string; postcode: string };
};

const STREET_TYPES: Record<string, string> = {
  street: 'st',
  road: 'rd',
  avenue: 'ave',
  av: 'ave',
  drive: 'dr',
  place: 'pl',
  court: 'ct',
  crescent: 'cres',
  parade: 'pde',
  highway: 'hwy',
  lane: 'ln',
  terrace: 'tce',
  boulevard: 'bvd',
  close: 'cl',
  circuit: 'cct',
  square: 'sq',
};

/** Lower case, letters and digits only, one space between words, street types abbreviated. */
export function normalisedAddressLine(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => STREET_TYPES[word] ?? word)
    .join(' ');
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether the shared address is the account's: the account's street line among the shared street
 * lines (a unit or level may be a line of its own), and the same suburb, state and postcode.
 */
export function sameAddress(shared: SharedAddress, account: AccountRecord['address']): boolean {
  const lines = shared.streetAddress.split(/[\n,]/).map(normalisedAddressLine).filter(Boolean);
  const whole = normalisedAddressLine(shared.streetAddress);
  const street = normalisedAddressLine(account.address);
  const withLine2 = normalisedAddressLine(`${account.addressLine2 ?? ''} ${account.address}`);
  return (
    (lines.includes(street) || whole === street || whole === withLine2) &&
    normalisedAddressLine(shared.locality) === normalisedAddressLine(account.suburb) &&
    same(shared.region, account.state) &&
    same(shared.postalCode, account.postcode)
  );
}

/** The provider as one identity source: which of the account's details it matched. */
export function sharedIdentityMatch(
  source: string,
  shared: SharedIdentity,
  account: AccountRecord,
): SourceMatch {
  if (!shared.verified) return { source, name: false, dateOfBirth: false, address: false };
  return {
    source,
    name: same(shared.givenName, account.firstname) && same(shared.familyName, account.lastname),
    dateOfBirth: shared.birthdate.trim() === account.dateOfBirth,
    address: shared.address !== null && sameAddress(shared.address, account.address),
  };
}
