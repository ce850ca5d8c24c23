import { randomUUID } from 'node:crypto';
import { ApiError } from '../../lib/api.server';
import { formText } from '../../lib/forms';
import { ATTEMPT_FIELD } from './wallet-form';

/**
 * A money-moving form sends an Idempotency-Key in a hidden field: made when the page is shown, and
 * sent again unchanged by every retry of that attempt (a double click, a replay after the step-up,
 * a retry after a timeout), so the API moves the money once. Once the API has answered (the
 * answer is stored under the key and replayed), the next attempt needs a new key.
 */

export function newAttemptKey(): string {
  return randomUUID();
}

/** The attempt's key from the form; a new one when the form came without a usable key. */
export function attemptKeyOf(form: FormData): string {
  const key = formText(form, ATTEMPT_FIELD);
  return /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : newAttemptKey();
}

/**
 * The key the form holds after a failure: the same one while the request may not have been
 * answered (no answer, a timeout, a request still in flight, a step-up asked for before the work
 * started), a new one after an answer the API stored.
 */
export function keyAfterFailure(error: unknown, key: string): string {
  if (!(error instanceof ApiError)) return key;
  const unanswered =
    error.status === 408 || error.code === 'idempotency_in_flight' || error.code === 'REQUIRED';
  return unanswered ? key : newAttemptKey();
}
