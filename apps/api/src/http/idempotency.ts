/**
 * Idempotency keys with Stripe's semantics for every money-moving call. The first answer to a key,
 * success or an expected failure, is kept and replayed for the same request; the same key with another
 * request is 422 `idempotency_mismatch`; a request while the first is still in flight is 409
 * `idempotency_in_flight`. The key, the work and its answer commit in one transaction, so a crash
 * leaves all or nothing: a retry after a crash runs the work again from scratch. An unexpected error
 * (a 5xx) keeps nothing, so the call can be retried.
 */
import { createHash } from 'node:crypto';
import {
  and,
  clientOf,
  type Database,
  type DbOrTx,
  eq,
  idempotencyKeys,
  lt,
  run,
  sql,
  statement,
  type Transaction,
} from '@drawhouse/db';
import type { FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from './errors.ts';

/** Keys are kept at least this long. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type StoredAnswer = {
  status: number;
  result?: unknown;
  error?: { code: string; message: string; errors?: FieldErrors };
};

export type IdempotentAnswer<T> = { status: number; result: T; replayed: boolean };

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw new AppError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 255 visible characters.',
    );
  }
  return key;
}

/** Fingerprint of what a key was first used for: the route, its parameters and the body. */
export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url,
        request.params ?? null,
        request.body ?? null,
      ]),
    )
    .digest('hex');
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** How long a request waits for another holding the same key before it answers 409. */
const IN_FLIGHT_WAIT = '250ms';

function isLockTimeout(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '55P03';
}

const inFlight = () =>
  new AppError(
    409,
    'idempotency_in_flight',
    'A request with this Idempotency-Key is still being processed; retry in a moment.',
  );

const unfinished = () =>
  new AppError(
    409,
    'request_unfinished',
    'This request was interrupted after it started; its outcome will show in your account shortly.',
  );

const mismatch = () =>
  new AppError(
    422,
    'idempotency_mismatch',
    'This Idempotency-Key was already used for a different request; use a new key for a new request.',
  );

function replay<T>(answer: StoredAnswer): IdempotentAnswer<T> {
  if (answer.error) {
    throw new AppError(answer.status, answer.error.code, answer.error.message, answer.error.errors);
  }
  return { status: answer.status, result: answer.result as T, replayed: true };
}

/**
 * A request's key and fingerprint, for work that reads its key in its first statement and writes it
 * with its answer in its last (the purchase, decision 048) instead of claiming it first with `run`.
 * Same row, same rules: the first answer is kept and replayed, another request with the key is 422.
 */
export type KeyClaim = { scope: string; key: string; requestHash: string };

export function keyClaimOf(request: FastifyRequest, scope: string): KeyClaim | undefined {
  const key = idempotencyKeyOf(request);
  return key ? { scope, key, requestHash: requestFingerprint(request) } : undefined;
}

/** What a key holds: the fingerprint of its first request and that request's answer. */
export type StoredKey = { requestHash: string; responseBody: string | null };

/** Answers as the key's first request was answered (throws its kept failure); 422 for another request. */
export function replayStored<T>(claim: KeyClaim, stored: StoredKey): IdempotentAnswer<T> {
  if (stored.requestHash !== claim.requestHash) throw mismatch();
  if (stored.responseBody === null) throw inFlight();
  return replay<T>(JSON.parse(stored.responseBody) as StoredAnswer);
}

/** The text a key keeps of a success. */
export const successText = (answer: { status: number; result: unknown }) =>
  JSON.stringify({ status: answer.status, result: answer.result } satisfies StoredAnswer);

const failureOf = (error: AppError): StoredAnswer => ({
  status: error.status,
  error: { code: error.code, message: error.message, errors: error.errors },
});

const KEEP = statement<{ kept: boolean }>(
  'idempotency-keep',
  `insert into idempotency_keys (scope, key, request_hash, response_status, response_body, created_at, completed_at)
  values ($1, $2, $3, $4, $5, $6, $6) on conflict do nothing returning true as kept`,
);
const STORED = statement<{ request_hash: string; response_body: string | null }>(
  'idempotency-stored',
  'select request_hash, response_body from idempotency_keys where scope = $1 and key = $2',
);

/** What the key holds now (committed), or undefined. */
export async function storedKey(db: DbOrTx, claim: KeyClaim): Promise<StoredKey | undefined> {
  const [row] = await run(clientOf(db), STORED, [claim.scope, claim.key]);
  return row ? { requestHash: row.request_hash, responseBody: row.response_body } : undefined;
}

/**
 * Keeps an expected failure as the key's answer in the caller's transaction and throws it; when the
 * key holds an answer already (another request with it came first), answers as that one was.
 */
export async function keepFailure<T>(
  db: DbOrTx,
  claim: KeyClaim,
  error: AppError,
  at: Date,
): Promise<IdempotentAnswer<T>> {
  const answer = failureOf(error);
  const [kept] = await run(clientOf(db), KEEP, [
    claim.scope,
    claim.key,
    claim.requestHash,
    answer.status,
    JSON.stringify(answer),
    at,
  ]);
  if (kept) throw error;
  const stored = await storedKey(db, claim);
  if (!stored) throw error;
  return replayStored<T>(claim, stored);
}

/** Claims a key in `tx` (blocking on a request holding it uncommitted): claimed, or the first answer. */
async function claimKey<T>(
  tx: Transaction,
  claim: KeyClaim,
  at: Date,
): Promise<{ claimed: true } | { claimed: false; answer: IdempotentAnswer<T> }> {
  const { scope, key, requestHash } = claim;
  await tx.execute(sql.raw(`set local lock_timeout = '${IN_FLIGHT_WAIT}'`));
  let claimed: unknown[];
  try {
    claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, createdAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  } catch (error) {
    if (isLockTimeout(error)) throw inFlight();
    throw error;
  }
  await tx.execute(sql.raw('set local lock_timeout = 0'));
  if (claimed.length > 0) return { claimed: true };
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row || row.requestHash !== requestHash) throw mismatch();
  if (row.responseBody === null) throw inFlight();
  return { claimed: false, answer: replay<T>(JSON.parse(row.responseBody) as StoredAnswer) };
}

/** Writes a claimed key's answer in `tx`. */
async function keepAnswer(tx: Transaction, claim: KeyClaim, answer: StoredAnswer, at: Date): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: JSON.stringify(answer), completedAt: at })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
}

type Outcome<T> = { kind: 'done'; answer: IdempotentAnswer<T> } | { kind: 'refused'; error: AppError };

/** An expected failure (an AppError below 500) as the key's answer; anything else is thrown on. */
function refusalOf(error: unknown): AppError {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return error;
}

/**
 * Runs `work` in a savepoint of `tx`, the key claimed: its answer, or an expected failure (its work
 * undone), is kept with the key.
 */
async function answerOnce<T>(
  tx: Transaction,
  claim: KeyClaim,
  work: (tx: Transaction) => Promise<{ status: number; result: T } | AppError>,
  now: () => Date,
): Promise<Outcome<T>> {
  let out: { status: number; result: T } | AppError;
  try {
    out = await tx.transaction(work);
  } catch (error) {
    out = refusalOf(error);
  }
  if (out instanceof AppError) {
    await keepAnswer(tx, claim, failureOf(out), now());
    return { kind: 'refused', error: out };
  }
  await keepAnswer(tx, claim, { status: out.status, result: out.result }, now());
  return { kind: 'done', answer: { ...out, replayed: false } };
}

function settled<T>(outcome: Outcome<T>): IdempotentAnswer<T> {
  if (outcome.kind === 'refused') throw outcome.error;
  return outcome.answer;
}

/** Work in two transactions with a call outside both between them (`runInPhases`). */
export type Phases<P, M, T> = {
  /** The first transaction: checks and what must commit before the call. */
  prepare: (tx: Transaction) => Promise<P>;
  /** No transaction open. */
  outside: (prepared: P) => Promise<M>;
  /** The second transaction: its answer, or a refusal returned (its work kept) or thrown (undone). */
  finish: (tx: Transaction, middle: M) => Promise<{ status: number; result: T } | AppError>;
};

export function createIdempotency(db: Database, now: () => Date = () => new Date()) {
  return {
    /**
     * Runs `work` in one transaction, once per key; without a key the work simply runs in a
     * transaction. `scope` keeps customers' keys apart (`customer:<id>`).
     *
     * The key's row is inserted in the same transaction as the work and its answer. A second request
     * with the key blocks on that uncommitted row: it answers 409 if the first is still running after
     * a short wait, replays the first answer once it committed, or runs the work itself if the first
     * rolled back (a crash rolls back too, so a retry after a crash is never locked out).
     */
    async run<T>(
      request: FastifyRequest,
      scope: string,
      work: (tx: Transaction) => Promise<{ status: number; result: T }>,
    ): Promise<IdempotentAnswer<T>> {
      const claim = keyClaimOf(request, scope);
      if (!claim) {
        const out = await db.transaction(work);
        return { ...out, replayed: false };
      }
      const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
        const held = await claimKey<T>(tx, claim, now());
        if (!held.claimed) return { kind: 'done', answer: held.answer };
        // A savepoint: an expected failure undoes the work but keeps the key and its answer.
        return answerOnce(tx, claim, work, now);
      });
      return settled(outcome);
    },

    /**
     * As `run`, for work that calls out (a card charge, ADR 049) and must not hold a transaction
     * meanwhile: `prepare` runs in a first transaction that claims the key and commits, `outside`
     * with none open, `finish` in a second that keeps the answer with the key. An expected failure
     * of `prepare` is kept as `run` keeps it. Between the two the key is in flight (another request
     * with it answers 409 `idempotency_in_flight`); if `outside` or `finish` fails unexpectedly the
     * key keeps 409 `request_unfinished`: what `prepare` committed is finished by its own recovery,
     * never run twice.
     */
    async runInPhases<P, M, T>(
      request: FastifyRequest,
      scope: string,
      phases: Phases<P, M, T>,
    ): Promise<IdempotentAnswer<T>> {
      const claim = keyClaimOf(request, scope);
      if (!claim) {
        const middle = await phases.outside(await db.transaction(phases.prepare));
        const out = await db.transaction((tx) => phases.finish(tx, middle));
        if (out instanceof AppError) throw out;
        return { ...out, replayed: false };
      }
      const first = await db.transaction(
        async (tx): Promise<Outcome<T> | { kind: 'prepared'; prepared: P }> => {
          const held = await claimKey<T>(tx, claim, now());
          if (!held.claimed) return { kind: 'done', answer: held.answer };
          try {
            return { kind: 'prepared', prepared: await tx.transaction(phases.prepare) };
          } catch (error) {
            const refused = refusalOf(error);
            await keepAnswer(tx, claim, failureOf(refused), now());
            return { kind: 'refused', error: refused };
          }
        },
      );
      if (first.kind !== 'prepared') return settled(first);
      // Past the first transaction the work must not run again: a failure leaves the key answering
      // that the request did not finish (what the first committed is finished by its own recovery).
      let outcome: Outcome<T>;
      try {
        const middle = await phases.outside(first.prepared);
        outcome = await db.transaction((tx) =>
          answerOnce(tx, claim, (inner) => phases.finish(inner, middle), now),
        );
      } catch (error) {
        await db.transaction((tx) => keepAnswer(tx, claim, failureOf(unfinished()), now()));
        throw error;
      }
      return settled(outcome);
    },

    /** Forgets keys older than twice the retention (a maintenance job calls it). */
    async prune(): Promise<number> {
      const before = new Date(now().getTime() - 2 * IDEMPOTENCY_RETENTION_MS);
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}
