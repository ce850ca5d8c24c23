/**
 * Whether an automatic identity check verifies the customer. Each data source (an electoral roll, a
 * credit header, a utility's records ...) reports which of the customer's name, date of birth and
 * address it found matching. A source *matches* only when all three match, as Australian
 * anti-money-laundering practice asks of an electronic check ("two independent sources, each
 * confirming name and date of birth or address" is the legal floor; we ask for all three, which
 * every source in use reports). Two different sources that match verify the customer. Someone
 * under the minimum age never verifies, whatever the sources say. A source that knows the name and
 * date of birth but not the address is a partial match (a document can prove the address); any
 * other failure is no match.
 */
import { ageOn, MINIMUM_REGISTRATION_AGE, parseIsoDate } from './age.ts';

/** What one source found: its name and which of the customer's details it matched. */
export type SourceMatch = { source: string; name: boolean; dateOfBirth: boolean; address: boolean };

/** Matching sources needed to verify. */
export const SOURCES_TO_VERIFY = 2;

export const VERIFICATION_FAILURES = [
  'under_age',
  'partial_match',
  'no_match',
  'document_mismatch',
  'document_not_found',
] as const;
export type VerificationFailure = (typeof VERIFICATION_FAILURES)[number];

/** Why a check did not verify, and what to do, as the customer reads it. */
export const VERIFICATION_FAILURE_MESSAGES: Record<VerificationFailure, string> = {
  under_age: 'You must be 18 or older to play. We cannot verify an account for someone under 18.',
  partial_match:
    'We found your name and date of birth, but not your address in enough records to verify you automatically.',
  no_match:
    'We could not match your details with the records we check. Check that your name, date of birth and address are exactly as on your ID.',
  document_mismatch:
    'The document was found, but its name or date of birth differ from your account. Check that your details are exactly as on your document.',
  document_not_found:
    'We could not find this document with its issuer. Check the state, licence number and card number against your licence.',
};

/**
 * Why a check did not verify and what to do next: the next method on offer (by its title), or our
 * support team, who verify with a copy of an ID. Someone under age has nothing to try.
 */
export function verificationFailureMessage(reason: VerificationFailure, nextMethodTitle?: string): string {
  const why = VERIFICATION_FAILURE_MESSAGES[reason];
  if (reason === 'under_age') return why;
  const next = nextMethodTitle
    ? `You can verify with “${nextMethodTitle}” instead.`
    : 'Please contact our support team: they can verify your account with a copy of your ID.';
  return `${why} ${next}`;
}

export type VerificationDecision =
  | { outcome: 'verified' }
  | { outcome: 'not_verified'; reason: VerificationFailure; message: string };

export const sourceMatches = (m: SourceMatch): boolean => m.name && m.dateOfBirth && m.address;

/** Distinct sources that matched on every detail. */
export function matchingSources(sources: readonly SourceMatch[]): string[] {
  return [...new Set(sources.filter(sourceMatches).map((m) => m.source))];
}

const failed = (reason: VerificationFailure): VerificationDecision => ({
  outcome: 'not_verified',
  reason,
  message: VERIFICATION_FAILURE_MESSAGES[reason],
});

type DecisionArgs = {
  sources: readonly SourceMatch[];
  dateOfBirth: string;
  today: string;
  minimumAge?: number;
};

/** Under the minimum age, or a date that is not a date: never verified. */
function underAge(args: DecisionArgs): boolean {
  const born = parseIsoDate(args.dateOfBirth);
  const today = parseIsoDate(args.today);
  return !born || !today || ageOn(born, today) < (args.minimumAge ?? MINIMUM_REGISTRATION_AGE);
}

/** `today` and `dateOfBirth` are `YYYY-MM-DD` calendar dates. */
export function decideVerification(args: DecisionArgs): VerificationDecision {
  if (underAge(args)) return failed('under_age');
  if (matchingSources(args.sources).length >= SOURCES_TO_VERIFY) return { outcome: 'verified' };
  // Someone a source knows by name and date of birth can prove the rest with a document.
  const identified = args.sources.some((m) => m.name && m.dateOfBirth);
  return failed(identified ? 'partial_match' : 'no_match');
}

/**
 * Whether a document check (a driver's licence looked up with the state that issued it) verifies the
 * customer: the issuer's record of the document must match their name and date of birth. A record
 * found by name alone is a mismatch; no record is not found. Under age never verifies.
 */
export function decideDocumentVerification(args: DecisionArgs): VerificationDecision {
  if (underAge(args)) return failed('under_age');
  if (args.sources.some((m) => m.name && m.dateOfBirth)) return { outcome: 'verified' };
  return failed(args.sources.some((m) => m.name) ? 'document_mismatch' : 'document_not_found');
}

/**
 * Whether an identity provider's answer verifies the customer (ConnectID: a bank shares the details
 * it verified). The provider is one source that vouches for what it shares, so its match on name,
 * date of birth and address verifies on its own; name and date of birth without the address is a
 * partial match, anything else no match. `dateOfBirth` is the one the provider shared: under the
 * minimum age never verifies.
 */
export function decideProviderVerification(args: DecisionArgs): VerificationDecision {
  if (underAge(args)) return failed('under_age');
  if (args.sources.some(sourceMatches)) return { outcome: 'verified' };
  return failed(args.sources.some((m) => m.name && m.dateOfBirth) ? 'partial_match' : 'no_match');
}
