import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.server';
import type { Visitor } from '../../lib/visitor.server';
import { attemptKeyOf, keyAfterFailure } from './attempt.server';
import { removeAction } from './wallet-form.server';

const apiError = (status: number, code: string, message = 'No') =>
  new ApiError({ status, code, message, url: '/v2/x' });

describe('the attempt key of a money-moving form', () => {
  it('is the form’s key when it looks like one, else a new one', () => {
    const form = new FormData();
    form.set('idempotencyKey', '0b6c8a52-5f7e-4c11-9d0e-2a1b3c4d5e6f');
    expect(attemptKeyOf(form)).toBe('0b6c8a52-5f7e-4c11-9d0e-2a1b3c4d5e6f');
    form.set('idempotencyKey', 'x y');
    expect(attemptKeyOf(form)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stays while the attempt may not have been answered, and is new after an answer', () => {
    const key = 'attempt-key-1';
    expect(keyAfterFailure(apiError(408, 'timeout'), key)).toBe(key);
    expect(keyAfterFailure(apiError(409, 'idempotency_in_flight'), key)).toBe(key);
    expect(keyAfterFailure(apiError(403, 'REQUIRED'), key)).toBe(key);
    expect(keyAfterFailure(new Response(null, { status: 503 }), key)).toBe(key);
    expect(keyAfterFailure(apiError(422, 'amount_too_large'), key)).not.toBe(key);
  });
});

describe('removing a limit', () => {
  it('answers the first message of a refusal, which the page shows as a notification', async () => {
    const refused = new ApiError({
      status: 422,
      code: 'limit_pending',
      message: 'Your limit is already being removed.',
      url: '/v2/spend-limits/1',
    });
    const result = await removeAction({} as Visitor, 'remove-spend', () => Promise.reject(refused), 'Saved.');
    expect(result).toEqual({
      ok: false,
      intent: 'remove-spend',
      errors: { general: 'Your limit is already being removed.' },
    });
  });
});
