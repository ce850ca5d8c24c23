/**
 * Idempotency keys with Stripe's semantics for every money-moving call. The first answer to a key,
 * success or an expected failure, is kept and replayed for the same request; the same key with another
 * request is 422 `idempotency_mismatch`; a request while the first is still in flight is 409
 * `idempotency_in_flight`. The work and the keeping of its answer commit in one transaction, so a
 * crash leaves either both or neither: a retry after a crash runs the work again from scratch. An
 * unexpected error (a 5xx) keeps nothing, so the call can be retried.
 */
import { createHash } from 'node:crypto';
import { and, type Database, eq, idempotencyKeys, lt, type Transaction } from '@drawhouse/db';
import type { FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from './errors.ts';

/** How long a request may hold its key before another may take it over (a crashed process's key). */
export const IDEMPOTENCY_LOCK_MS = 60_000;
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

export function createIdempotency(db: Database, now: () => Date = () => new Date()) {
  async function claim(scope: string, key: string, requestHash: string): Promise<StoredAnswer | 'claimed'> {
    const at = now();
    const lockedUntil = new Date(at.getTime() + IDEMPOTENCY_LOCK_MS);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, lockedUntil, createdAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) return 'claimed';
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row) return claim(scope, key, requestHash);
    if (row.requestHash !== requestHash) {
      throw new AppError(
        422,
        'idempotency_mismatch',
        'This Idempotency-Key was already used for a different request; use a new key for a new request.',
      );
    }
    if (row.completedAt && row.responseBody !== null) return JSON.parse(row.responseBody) as StoredAnswer;
    if (row.lockedUntil && row.lockedUntil > at) {
      throw new AppError(
        409,
        'idempotency_in_flight',
        'A request with this Idempotency-Key is still being processed; retry in a moment.',
      );
    }
    // The first holder gave up or crashed: take the key over, once.
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedUntil })
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          row.lockedUntil
            ? eq(idempotencyKeys.lockedUntil, row.lockedUntil)
            : lt(idempotencyKeys.createdAt, at),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length === 1) return 'claimed';
    return claim(scope, key, requestHash);
  }

  async function keep(db: Database | Transaction, scope: string, key: string, answer: StoredAnswer) {
    await db
      .update(idempotencyKeys)
      .set({
        responseStatus: answer.status,
        responseBody: JSON.stringify(answer),
        completedAt: now(),
        lockedUntil: null,
      })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  }

  function replay<T>(answer: StoredAnswer): IdempotentAnswer<T> {
    if (answer.error) {
      throw new AppError(answer.status, answer.error.code, answer.error.message, answer.error.errors);
    }
    return { status: answer.status, result: answer.result as T, replayed: true };
  }

  return {
    /**
     * Runs `work` in one transaction, once per key. Without a key the work simply runs (in a
     * transaction). `scope` keeps customers' keys apart (`customer:<id>`).
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
      const claimed = await claim(scope, key, requestFingerprint(request));
      if (claimed !== 'claimed') return replay<T>(claimed);
      try {
        const out = await db.transaction(async (tx) => {
          const answer = await work(tx);
          await keep(tx, scope, key, { status: answer.status, result: answer.result });
          return answer;
        });
        return { ...out, replayed: false };
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          await keep(db, scope, key, {
            status: error.status,
            error: { code: error.code, message: error.message, errors: error.errors },
          });
        } else {
          await db
            .delete(idempotencyKeys)
            .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        }
        throw error;
      }
    },

    /** Forgets keys older than the retention (a maintenance job calls it). */
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
