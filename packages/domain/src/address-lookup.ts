/**
 * Address lookup: what a typed query becomes before a provider searches it, and the one-line label
 * a suggestion shows. A query is 3 to 100 characters of text (no control characters); it is searched
 * as lower-case words, each of which must appear in the address.
 */
export const ADDRESS_QUERY_MIN = 3;
export const ADDRESS_QUERY_MAX = 100;
/** At most this many suggestions are shown for a query. */
export const ADDRESS_SUGGESTIONS_MAX = 8;

export type AddressQuery = { ok: true; words: string[] } | { ok: false; message: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function addressQuery(raw: string): AddressQuery {
  if (CONTROL.test(raw)) return { ok: false, message: 'Type letters, numbers and spaces only.' };
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length < ADDRESS_QUERY_MIN) {
    return { ok: false, message: `Type at least ${ADDRESS_QUERY_MIN} characters of the address.` };
  }
  if (text.length > ADDRESS_QUERY_MAX) {
    return { ok: false, message: `Type at most ${ADDRESS_QUERY_MAX} characters.` };
  }
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/'-]+/gu, ' ')
    .split(' ')
    .filter((w) => w.length > 0);
  if (words.length === 0) return { ok: false, message: 'Type part of the street or suburb.' };
  return { ok: true, words };
}

/** How an address is searched: its parts in lower case, one space between words. */
export function addressSearchText(a: {
  addressLine: string;
  suburb: string;
  state: string;
  postcode: string;
}) {
  return `${a.addressLine} ${a.suburb} ${a.state} ${a.postcode}`.toLowerCase().replace(/\s+/g, ' ');
}

/** A suggestion's label: "12 Smith Street, Leichhardt NSW 2040". */
export function addressLabel(a: { addressLine: string; suburb: string; state: string; postcode: string }) {
  return `${a.addressLine}, ${a.suburb} ${a.state} ${a.postcode}`;
}
