/**
 * Identifiers that arrive from outside (session, customer, pricing, segment and cart ids, request
 * ids in headers): accepted only when made of letters, digits, hyphen and underscore. Anything else
 * is treated as absent, never as an error.
 *
 * Decisions: the value is not trimmed (" abc" is invalid, so absent); the empty string is absent;
 * at most 128 characters, so a header cannot smuggle a huge value into logs or keys.
 */
export const IDENTIFIER_MAX_LENGTH = 128;

const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isValidIdentifier(s: string): boolean {
  return s.length > 0 && s.length <= IDENTIFIER_MAX_LENGTH && IDENTIFIER_PATTERN.test(s);
}

/** The identifier itself when valid, otherwise undefined ("treated as absent"). */
export function cleanIdentifier(s: string | undefined | null): string | undefined {
  if (typeof s !== 'string') return undefined;
  return isValidIdentifier(s) ? s : undefined;
}
