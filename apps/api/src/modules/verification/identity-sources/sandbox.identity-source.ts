/**
 * The local sandbox identity source: made-up records chosen by the last name checked (README,
 * "Sandbox identities"), so every outcome can be tried without a provider. Never in production.
 *
 * - `Verified`: name, date of birth and address match in two sources (verified at once);
 * - `Partial`: name and date of birth only, in one source (not verified: a document is needed);
 * - `Mismatch`: found by name, but date of birth and address differ in both sources (not verified);
 * - `Slow`: answers later; asked again, it matches in two sources (verified then);
 * - any other last name: found in no source (not verified).
 *
 * A document check (a driver's licence) is decided by the same last names: `Verified` matches the
 * licence's record, `Mismatch` finds it with another date of birth, `Slow` answers later and then
 * matches, anything else (`Partial` too) finds no licence.
 */
import { randomUUID } from 'node:crypto';
import type { VerificationSourceMatch } from '@drawhouse/db';
import type { DocumentDetails, IdentityAnswer, IdentityDetails, IdentitySource } from './identity-source.ts';

const ROLL = 'sandbox-electoral-roll';
const CREDIT = 'sandbox-credit-header';
const LICENCES = 'sandbox-licence-register';

const match = (source: string, name: boolean, dateOfBirth: boolean, address: boolean) => ({
  source,
  name,
  dateOfBirth,
  address,
});

const BOTH_MATCH: VerificationSourceMatch[] = [
  match(ROLL, true, true, true),
  match(CREDIT, true, true, true),
];

const SLOW_PREFIX = 'sandbox-slow-';

function answerFor(lastname: string): VerificationSourceMatch[] {
  switch (lastname) {
    case 'verified':
      return BOTH_MATCH;
    case 'partial':
      return [match(ROLL, true, true, false), match(CREDIT, false, false, false)];
    case 'mismatch':
      return [match(ROLL, true, false, false), match(CREDIT, true, false, false)];
    default:
      return [match(ROLL, false, false, false), match(CREDIT, false, false, false)];
  }
}

function documentAnswerFor(lastname: string): VerificationSourceMatch[] {
  if (lastname === 'verified') return [match(LICENCES, true, true, false)];
  if (lastname === 'mismatch') return [match(LICENCES, true, false, false)];
  return [];
}

const askedFor = (lastname: string) => lastname.trim().toLowerCase();

export function sandboxIdentitySource(): IdentitySource {
  return {
    name: 'sandbox',
    async check(details: IdentityDetails): Promise<IdentityAnswer> {
      const lastname = askedFor(details.lastname);
      if (lastname === 'slow') return { kind: 'later', reference: `${SLOW_PREFIX}${randomUUID()}` };
      return { kind: 'answered', reference: `sandbox-${randomUUID()}`, sources: answerFor(lastname) };
    },
    async checkDocument(details: DocumentDetails): Promise<IdentityAnswer> {
      const lastname = askedFor(details.lastname);
      if (lastname === 'slow') return { kind: 'later', reference: `${SLOW_PREFIX}${randomUUID()}` };
      return { kind: 'answered', reference: `sandbox-${randomUUID()}`, sources: documentAnswerFor(lastname) };
    },
    async answerOf(reference: string): Promise<VerificationSourceMatch[]> {
      return reference.startsWith(SLOW_PREFIX) ? BOTH_MATCH : answerFor('');
    },
  };
}
