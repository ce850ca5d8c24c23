/**
 * Idempotency keys with Stripe's semantics for every money-moving call. The first answer to a key,
 * success or an expected failure, is kept and replayed for the same request; the same key with another
 * request is 422 `idempotency_mismatch`; a request while the first is still in flight is 409
 * `idempotency_in_flight`. The key, the work and its answer commit in one transaction, so a crash
 * leaves all or nothing: a retry after a crash runs the work again from scratch. An unexpected error
 * (a 5xx) keeps nothing, so the call can be retried.
 */
import { createHash } from 'node:crypto';
import { and, type Database, eq, idempotencyKeys, lt, sql, type Transaction } from '@drawhouse/db';
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
      const key = idempotencyKeyOf(request);
      if (!key) {
        const out = await db.transaction(work);
        return { ...out, replayed: false };
      }
      const requestHash = requestFingerprint(request);
      const outcome = await db.transaction(
        async (
          tx,
        ): Promise<{ kind: 'done'; answer: IdempotentAnswer<T> } | { kind: 'refused'; error: AppError }> => {
          await tx.execute(sql.raw(`set local lock_timeout = '${IN_FLIGHT_WAIT}'`));
          let claimed: unknown[];
          try {
            claimed = await tx
              .insert(idempotencyKeys)
              .values({ scope, key, requestHash, createdAt: now() })
              .onConflictDoNothing()
              .returning({ key: idempotencyKeys.key });
          } catch (error) {
            if (isLockTimeout(error)) throw inFlight();
            throw error;
          }
          await tx.execute(sql.raw('set local lock_timeout = 0'));
          if (claimed.length === 0) {
            const [row] = await tx
              .select()
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
            if (!row || row.requestHash !== requestHash) throw mismatch();
            if (row.responseBody === null) throw inFlight();
            return { kind: 'done', answer: replay<T>(JSON.parse(row.responseBody) as StoredAnswer) };
          }
          const keep = (answer: StoredAnswer) =>
            tx
              .update(idempotencyKeys)
              .set({
                responseStatus: answer.status,
                responseBody: JSON.stringify(answer),
                completedAt: now(),
              })
              .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
          try {
            // A savepoint: an expected failure undoes the work but keeps the key and its answer.
            const out = await tx.transaction(work);
            await keep({ status: out.status, result: out.result });
            return { kind: 'done', answer: { ...out, replayed: false } };
          } catch (error) {
            if (!(error instanceof AppError) || error.status >= 500) throw error;
            await keep({
              status: error.status,
              error: { code: error.code, message: error.message, errors: error.errors },
            });
            return { kind: 'refused', error };
          }
        },
      );
      if (outcome.kind === 'refused') throw outcome.error;
      return outcome.answer;
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
