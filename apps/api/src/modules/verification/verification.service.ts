/**
 * Identity verification use cases: what the customer's account shows of it (methods, rules), the
 * automatic check of their details, and finishing a check whose sources answered later. The identity
 * source is asked with no transaction open; what it answered is recorded in one transaction with the
 * attempt, the customer's `verified_at` and the outbox event.
 */
import type {
  LicenceConfigView,
  VerificationConfigView,
  VerificationOverview,
  VerifyBody,
  VerifyLicenceBody,
  VerifyResult,
} from '@drawhouse/contract';
import type { Database, DbOrTx, Transaction, VerificationSourceMatch } from '@drawhouse/db';
import {
  calendarDay,
  centsToMoney,
  DOCUMENT_METHODS,
  decideDocumentVerification,
  decideProviderVerification,
  decideVerification,
  nextMethod,
  offeredMethods,
  UNVERIFIED_DEPOSIT_CAP_CENTS,
  VERIFICATION_METHOD_INFO,
  VERIFICATION_METHODS,
  type VerificationFailure,
  type VerificationMethod,
  verificationFailureMessage,
  verificationRules,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { emit } from '../outbox/index.ts';
import type { IdentityAnswer, IdentitySource } from './identity-sources/identity-source.ts';
import { licenceConfig } from './licence-config.ts';
import { licenceDetailsOf } from './licence-input.ts';
import type { VerificationConfig } from './verification.config.ts';
import { verificationRepository } from './verification.repository.ts';
import { type AccountIdentity, identityDetailsOf } from './verification-input.ts';

export type VerificationDeps = {
  db: Database;
  config: VerificationConfig;
  minimumAge: number;
  now: () => Date;
  source: IdentitySource | undefined;
};

/** The signed-in customer, as verification reads them. */
export type VerifyingCustomer = AccountIdentity & { id: string; verifiedAt: Date | null };

const DAY_MS = 24 * 60 * 60 * 1000;
const AUTO: VerificationMethod = 'auto_verification';
const LICENCE: VerificationMethod = 'drivers_licence';

export const VERIFIED_MESSAGE =
  'Your identity is verified. Your deposits are no longer capped and you can withdraw your winnings.';
export const ALREADY_VERIFIED_MESSAGE = 'Your account is already verified.';
export const IN_PROGRESS_MESSAGE =
  'We are checking your details. This usually takes a few minutes: we will tell you by email and in your notifications as soon as it is done.';

const inProgress = () =>
  new AppError(
    409,
    'verification_in_progress',
    'We are still checking the details you sent. We will tell you as soon as it is done.',
  );
const unavailable = () =>
  new AppError(
    409,
    'verification_unavailable',
    'Automatic checks are not available at the moment. Please contact our support team to verify your account.',
  );
const tooManyAttempts = (max: number) =>
  new AppError(
    429,
    'verification_attempts_exceeded',
    `You have tried to verify your details ${max} times in the last 24 hours. Please try again tomorrow, or contact our support team.`,
  );

export type VerificationService = ReturnType<typeof createVerificationService>;

export function createVerificationService(deps: VerificationDeps) {
  const { config } = deps;
  // Documents are reviewed by our operators: offered whatever the identity source.
  const enabled: VerificationMethod[] = [...(deps.source ? [AUTO, LICENCE] : []), ...DOCUMENT_METHODS];
  if (config.connectId) enabled.push('connect_id');

  async function overviewOf(
    db: DbOrTx,
    customerId: string,
    verified: boolean,
  ): Promise<VerificationOverview> {
    const repo = verificationRepository(db);
    const attempts = await repo.summaries(customerId);
    const firstDepositAt = await repo.firstDepositAt(customerId);
    return {
      isVerified: verified,
      verification: { methods: offeredMethods({ verified, enabled, attempts }) },
      verificationRules: verificationRules({
        verified,
        depositCapCents: UNVERIFIED_DEPOSIT_CAP_CENTS,
        firstDepositAt,
        now: deps.now(),
        deadlineDays: config.deadlineDays,
      }),
    };
  }

  /** A document (a licence) verifies on its own; the automatic check needs two matching sources. */
  const decide = (
    method: VerificationMethod,
    sources: VerificationSourceMatch[],
    dateOfBirth: string,
    now: Date,
  ) =>
    (method === LICENCE
      ? decideDocumentVerification
      : method === 'connect_id'
        ? decideProviderVerification
        : decideVerification)({
      sources,
      dateOfBirth,
      today: calendarDay(now),
      minimumAge: deps.minimumAge,
    });

  /** Refuses a new check while one is being checked or after too many in 24 hours. */
  async function assertMayStart(db: DbOrTx, customerId: string, now: Date): Promise<void> {
    const repo = verificationRepository(db);
    if (await repo.inProgress(customerId)) throw inProgress();
    const started = await repo.startedSince(customerId, new Date(now.getTime() - DAY_MS));
    if (started >= config.attemptsPerDay) throw tooManyAttempts(config.attemptsPerDay);
  }

  async function answerWith(
    tx: DbOrTx,
    customerId: string,
    outcome: VerifyResult['outcome'],
    attempt: { id: string; method: VerificationMethod; reason: VerificationFailure | null } | null,
  ): Promise<VerifyResult> {
    const overview = await overviewOf(tx, customerId, outcome === 'verified');
    const next =
      outcome === 'not_verified' && attempt
        ? nextMethod(overview.verification.methods, attempt.method)
        : undefined;
    const reason = attempt?.reason ?? null;
    let message = outcome === 'verified' ? VERIFIED_MESSAGE : IN_PROGRESS_MESSAGE;
    if (outcome === 'verified' && attempt === null) message = ALREADY_VERIFIED_MESSAGE;
    if (outcome === 'not_verified' && reason) {
      message = verificationFailureMessage(reason, next && VERIFICATION_METHOD_INFO[next].title);
    }
    return {
      outcome,
      attemptId: attempt?.id ?? null,
      reason,
      message,
      nextMethod: next ?? null,
      ...overview,
    };
  }

  /** Records a check the sources answered: the attempt, and the customer verified if it verifies. */
  async function recordAnswer(
    tx: Transaction,
    customer: VerifyingCustomer,
    method: VerificationMethod,
    answer: IdentityAnswer,
    now: Date,
  ): Promise<VerifyResult> {
    const repo = verificationRepository(tx);
    const locked = await repo.lockCustomer(customer.id);
    if (!locked) throw new Error(`customer ${customer.id} vanished`);
    if (locked.verifiedAt) return answerWith(tx, customer.id, 'verified', null);
    await assertMayStart(tx, customer.id, now);
    const base = { customerId: customer.id, method, providerReference: answer.reference, now };
    if (answer.kind === 'later') {
      const attempt = await repo.insert({ ...base, status: 'in_progress' });
      await emit(tx, 'verification.started', customer.id, { customerId: customer.id, attemptId: attempt.id });
      return answerWith(tx, customer.id, 'in_progress', { id: attempt.id, method, reason: null });
    }
    const decision = decide(method, answer.sources, customer.dateOfBirth, now);
    const reason = decision.outcome === 'verified' ? null : decision.reason;
    const attempt = await repo.insert({
      ...base,
      status: 'completed',
      outcome: decision.outcome,
      reason,
      sources: answer.sources,
    });
    if (decision.outcome === 'verified') {
      await repo.markVerified(customer.id, now);
      await emit(tx, 'customer.verified', customer.id, { customerId: customer.id, attemptId: attempt.id });
    }
    return answerWith(tx, customer.id, decision.outcome, { id: attempt.id, method, reason });
  }

  /**
   * A check with the identity source (`ask`), refused before asking when one is under way or the
   * daily limit is reached; recorded by `record` in a transaction (see `verify`).
   */
  async function check(
    customer: VerifyingCustomer,
    method: VerificationMethod,
    ask: (source: IdentitySource) => Promise<IdentityAnswer>,
    record: (work: (tx: Transaction) => Promise<VerifyResult>) => Promise<VerifyResult>,
  ): Promise<VerifyResult> {
    const source = deps.source;
    if (!source) throw unavailable();
    const now = deps.now();
    await assertMayStart(deps.db, customer.id, now);
    const answer = await ask(source);
    return record((tx) => recordAnswer(tx, customer, method, answer, now));
  }

  return {
    /**
     * Records a check another use case asked (ConnectID's answer) in its transaction `tx`: refused
     * while one is under way or past the daily limit; the customer verified if it verifies.
     */
    recordAnswer,
    /** Refuses to start a check while one is under way or past the daily limit (409, 429). */
    assertMayStart: (customerId: string) => assertMayStart(deps.db, customerId, deps.now()),

    /** The methods on offer and the limits, for anyone (GET /customer-verify/config). */
    config(): VerificationConfigView {
      return {
        methods: VERIFICATION_METHODS.map((type) => ({
          type,
          enabled: enabled.includes(type),
          ...VERIFICATION_METHOD_INFO[type],
        })),
        attemptsPerDay: config.attemptsPerDay,
        depositCap: centsToMoney(UNVERIFIED_DEPOSIT_CAP_CENTS),
        deadlineDays: config.deadlineDays,
      };
    },

    /** The verification part of the account overview (read in `db`: a transaction sees its own writes). */
    overview: (customer: Pick<VerifyingCustomer, 'id' | 'verifiedAt'>, db: DbOrTx = deps.db) =>
      overviewOf(db, customer.id, customer.verifiedAt !== null),

    /**
     * An automatic check of the customer's details. `record` runs the recording in a transaction
     * (under the request's Idempotency-Key when it has one, so a retried request is answered as the
     * first was). Bad details are 400 with nothing recorded; a verified customer is told so.
     */
    async verify(
      customer: VerifyingCustomer,
      body: VerifyBody,
      record: (work: (tx: Transaction) => Promise<VerifyResult>) => Promise<VerifyResult>,
    ): Promise<VerifyResult> {
      if (customer.verifiedAt) return answerWith(deps.db, customer.id, 'verified', null);
      const details = identityDetailsOf(body, customer);
      return check(customer, AUTO, (source) => source.check(details), record);
    },

    /** The licences checked and their formats, for anyone (GET /customer-verify/config/licence). */
    licenceConfig: (): LicenceConfigView => licenceConfig(),

    /**
     * A driver's licence checked with its state, as `verify` checks details: bad details are 400
     * with nothing recorded; recorded, verified and limited exactly as the automatic check.
     */
    async verifyLicence(
      customer: VerifyingCustomer,
      body: VerifyLicenceBody,
      record: (work: (tx: Transaction) => Promise<VerifyResult>) => Promise<VerifyResult>,
    ): Promise<VerifyResult> {
      if (customer.verifiedAt) return answerWith(deps.db, customer.id, 'verified', null);
      const details = licenceDetailsOf(body, customer);
      return check(customer, LICENCE, (source) => source.checkDocument(details), record);
    },

    /**
     * Finishes a check whose sources answered later (the `identity-check` subscriber): once, however
     * often it runs; the customer is told either way.
     */
    async finishLate(attemptId: string): Promise<void> {
      const attempt = await verificationRepository(deps.db).attempt(attemptId);
      if (attempt?.status !== 'in_progress' || !attempt.providerReference || !deps.source) return;
      const sources: VerificationSourceMatch[] = await deps.source.answerOf(attempt.providerReference);
      await deps.db.transaction(async (tx) => {
        const repo = verificationRepository(tx);
        const customer = await repo.customerToTell(attempt.customerId);
        if (!customer) return;
        const now = deps.now();
        const method = attempt.method === LICENCE ? LICENCE : AUTO;
        const decision = decide(method, sources, customer.dateOfBirth, now);
        const reason = decision.outcome === 'verified' ? null : decision.reason;
        const done = await repo.complete(attemptId, { outcome: decision.outcome, reason, sources }, now);
        if (!done) return;
        const payload = { customerId: attempt.customerId, attemptId };
        if (decision.outcome === 'verified') {
          await repo.markVerified(attempt.customerId, now);
          await emit(tx, 'customer.verified', attempt.customerId, payload);
        } else {
          const { verification } = await overviewOf(tx, attempt.customerId, false);
          const next = nextMethod(verification.methods, method);
          await emit(tx, 'customer.verification_failed', attempt.customerId, {
            ...payload,
            reason: decision.reason,
            ...(next ? { nextMethodTitle: VERIFICATION_METHOD_INFO[next].title } : {}),
          });
        }
      });
    },
  };
}
