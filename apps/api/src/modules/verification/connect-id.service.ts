/**
 * ConnectID use cases (ADR 054). Start: a sign-in at the provider for the signed-in customer, its
 * `state`, `nonce` and PKCE verifier kept here bound to them for a few minutes. Callback: the
 * provider's answer, accepted once and only from the customer who started it; the code exchanged
 * with no transaction open, then in one transaction the sign-in marked used and the shared details,
 * matched with the account, recorded as a `connect_id` attempt the way every check is recorded
 * (verified: `customer.verified`, the cap and withdrawal block lifted). A refused answer changes
 * nothing.
 */
import type { ConnectIdCallbackBody, ConnectIdStart, VerifyResult } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { type SourceMatch, sharedIdentityMatch, type VerificationMethod } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { oidcAnswerParams, oidcChecks } from '../../http/oidc-client.ts';
import { type ConnectIdClient, ConnectIdRefused, ConnectIdUnavailable } from './connect-id.client.ts';
import { connectIdRepository } from './connect-id.repository.ts';
import type { VerificationService } from './verification.service.ts';

/** How long a sign-in at the provider may take. */
export const CONNECTID_REQUEST_TTL_MS = 10 * 60 * 1000;
/** Sign-ins one customer may have open (neither used nor expired) at once. */
export const CONNECTID_OPEN_REQUESTS = 10;
const METHOD: VerificationMethod = 'connect_id';
const SOURCE = 'connectid';

/** The signed-in customer's account as ConnectID matches it. */
export type ConnectIdCustomer = {
  id: string;
  verifiedAt: Date | null;
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  address: string;
  addressLine2: string | null;
  suburb: string;
  state: string;
  postcode: string;
};

const accountOf = (c: ConnectIdCustomer) => ({
  firstname: c.firstname,
  lastname: c.lastname,
  dateOfBirth: c.dateOfBirth,
  address: {
    address: c.address,
    addressLine2: c.addressLine2,
    suburb: c.suburb,
    state: c.state,
    postcode: c.postcode,
  },
});

export type ConnectIdDeps = {
  db: Database;
  now: () => Date;
  client: ConnectIdClient | undefined;
  verification: VerificationService;
};

/** 409 as the other checks answer it, so the page shows it (not an error page). */
const unavailable = () =>
  new AppError(
    409,
    'connectid_unavailable',
    'ConnectID is not available at the moment. Please try again later or choose another way to verify.',
  );
const alreadyVerified = () => new AppError(409, 'already_verified', 'Your account is already verified.');
const tooManyOpen = () =>
  new AppError(
    429,
    'connectid_too_many_sign_ins',
    'You have started ConnectID several times in the last few minutes. Please finish one, or try again in ten minutes.',
  );
const unknownState = () =>
  new AppError(
    400,
    'connectid_state_invalid',
    'This ConnectID answer does not belong to a sign-in you started. Nothing was changed: please start again from Verify your account.',
  );
const usedState = () =>
  new AppError(
    409,
    'connectid_state_used',
    'This ConnectID sign-in has been used already. Nothing was changed: to verify again, start a new one.',
  );
const expiredState = () =>
  new AppError(
    400,
    'connectid_state_expired',
    'This ConnectID sign-in took too long and has expired. Nothing was changed: please start again.',
  );

export type ConnectIdService = ReturnType<typeof createConnectIdService>;

export function createConnectIdService(deps: ConnectIdDeps) {
  const { db } = deps;

  async function exchange(
    request: { state: string; nonce: string; codeVerifier: string },
    body: ConnectIdCallbackBody,
    client: ConnectIdClient,
  ) {
    try {
      return await client.exchange({ params: oidcAnswerParams(body), ...request });
    } catch (error) {
      if (error instanceof ConnectIdRefused) throw new AppError(400, error.code, error.message);
      if (error instanceof ConnectIdUnavailable) throw unavailable();
      throw error;
    }
  }

  return {
    /** A sign-in at the provider: where to send the customer's browser. */
    async start(customer: ConnectIdCustomer): Promise<ConnectIdStart> {
      const client = deps.client;
      if (!client) throw unavailable();
      if (customer.verifiedAt) throw alreadyVerified();
      // Refused here rather than after the customer went through their bank.
      await deps.verification.assertMayStart(customer.id);
      const now = deps.now();
      if ((await connectIdRepository(db).openCount(customer.id, now)) >= CONNECTID_OPEN_REQUESTS) {
        throw tooManyOpen();
      }
      const request = oidcChecks();
      let authorizationUrl: string;
      try {
        authorizationUrl = await client.authorizationUrl(request);
      } catch (error) {
        if (error instanceof ConnectIdUnavailable) throw unavailable();
        throw error;
      }
      const expiresAt = new Date(now.getTime() + CONNECTID_REQUEST_TTL_MS);
      await connectIdRepository(db).insert({ customerId: customer.id, ...request, now, expiresAt });
      return { authorizationUrl, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The provider's answer for the signed-in customer. A state that is not one of theirs, used
     * already or expired is refused before the provider is asked; so is the provider's refusal.
     */
    async callback(customer: ConnectIdCustomer, body: ConnectIdCallbackBody): Promise<VerifyResult> {
      const client = deps.client;
      if (!client) throw unavailable();
      const request = await connectIdRepository(db).ownByState(customer.id, body.state);
      if (!request) throw unknownState();
      if (request.usedAt) throw usedState();
      if (request.expiresAt.getTime() <= deps.now().getTime()) throw expiredState();
      const answer = await exchange(request, body, client);
      const now = deps.now();
      const sources: SourceMatch[] = answer.identity
        ? [sharedIdentityMatch(SOURCE, answer.identity, accountOf(customer))]
        : [];
      return db.transaction(async (tx) => {
        if (!(await connectIdRepository(tx).use(request.id, now))) throw usedState();
        // Age is decided by the birth date the provider vouches for, not the one on the account.
        const checked = { ...customer, dateOfBirth: answer.identity?.birthdate ?? customer.dateOfBirth };
        return deps.verification.recordAnswer(
          tx,
          checked,
          METHOD,
          { kind: 'answered', reference: answer.reference, sources },
          now,
        );
      });
    },
  };
}

/**
 * Kept a day after they expire, so that a late replay of an answer is still told it was used; then
 * forgotten (the daily `connectid-prune` job): a state, nonce and PKCE verifier are of no use after.
 */
export const CONNECTID_KEEP_MS = 24 * 60 * 60 * 1000;

/** Forgets the sign-ins that expired more than CONNECTID_KEEP_MS ago; answers how many. */
export function pruneConnectIdSignIns(db: Database, now: Date): Promise<number> {
  return connectIdRepository(db).pruneExpired(new Date(now.getTime() - CONNECTID_KEEP_MS));
}
