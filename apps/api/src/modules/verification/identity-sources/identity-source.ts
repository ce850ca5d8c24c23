/**
 * Where an automatic identity check looks a customer up (ADR 050). An identity source asks its data
 * sources (electoral roll, credit header ...) about the customer's details and answers which details
 * each source matched, at once or later: a later answer is asked for again with its reference by the
 * `identity-check` outbox subscriber. Calls go over the network: never with a transaction open.
 */
import type { VerificationSourceMatch } from '@drawhouse/db';

/** The details checked: as the customer confirmed them. `dateOfBirth` is `YYYY-MM-DD`. */
export type IdentityDetails = {
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  address: { address: string; suburb: string; state: string; postcode: string; country: string };
};

/** A document checked with its issuer (a driver's licence with its state), and whose it should be. */
export type DocumentDetails = {
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  document: { type: 'drivers_licence'; state: string; number: string; cardNumber: string | null };
};

export type IdentityAnswer =
  | { kind: 'answered'; reference: string; sources: VerificationSourceMatch[] }
  /** The sources answer later: ask again with the reference. */
  | { kind: 'later'; reference: string };

export type IdentitySource = {
  name: string;
  check(details: IdentityDetails): Promise<IdentityAnswer>;
  /** A document check: the issuer's record matched (or not) on name and date of birth. */
  checkDocument(details: DocumentDetails): Promise<IdentityAnswer>;
  /** The answer of a check that answered `later`; throws IdentityAnswerNotReady while it is not in. */
  answerOf(reference: string): Promise<VerificationSourceMatch[]>;
};

/** A late answer not in yet: the outbox retries the subscriber with backoff. */
export class IdentityAnswerNotReady extends Error {
  constructor(reference: string) {
    super(`the identity check ${reference} has not answered yet`);
  }
}
