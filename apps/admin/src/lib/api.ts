/**
 * The back office's one way to the API: `/admin/*` on this origin (server.mjs passes it on with the
 * session cookie). Keys are snake_case on the wire and camelCase here; every change carries the
 * back office's header, without which the API refuses it; every answer is checked against the
 * contract's schema of it; a failure becomes an ApiError holding the API's own message and field
 * errors, and an answer the schema refuses becomes one saying so.
 */
import { ADMIN_REQUEST_HEADER } from '@drawhouse/contract';
import { camelKey, snakeKey } from '@drawhouse/contract/case';
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** A refused or failed call, with what the API said. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, code: string, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function mapKeys(value: unknown, key: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [key(k), mapKeys(v, key)]));
  }
  return value;
}

export type Query = Record<string, string | number | undefined>;

/** `?key=value` with snake_case keys, empty values left out ('' when nothing is left). */
export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '') params.set(snakeKey(k), String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const SAFE = new Set(['GET', 'HEAD']);

function fieldErrorsOf(errors: unknown): FieldErrors {
  if (errors === null || typeof errors !== 'object') return {};
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors)) {
    if (!Array.isArray(list)) continue;
    out[camelKey(field)] = list
      .map((e: unknown) =>
        e !== null && typeof e === 'object' && 'message' in e && typeof e.message === 'string'
          ? e.message
          : '',
      )
      .filter((m) => m !== '');
  }
  return out;
}

/** The failure an answer describes, in the API's words when it has any. */
async function failureOf(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (body !== null && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error?: { code?: unknown; message?: unknown } };
    const errors = 'errors' in body ? body.errors : undefined;
    return new ApiError(
      res.status,
      typeof error?.code === 'string' ? error.code : 'failed',
      typeof error?.message === 'string' ? error.message : `The API answered ${res.status}.`,
      fieldErrorsOf(errors),
    );
  }
  return new ApiError(res.status, 'failed', `The API answered ${res.status}. Try again in a moment.`);
}

export type CallOptions = { query?: Query; body?: Json | object; signal?: AbortSignal };

/** The contract's schema of an answer's `result` (in camelCase). */
export type AnswerSchema = z.ZodType;

/** The code of the ApiError an answer its schema refuses becomes. */
export const UNEXPECTED_ANSWER = 'unexpected_answer';

/**
 * Calls `/admin{path}` and answers the envelope's `result`, camelCased and parsed by `schema` (zod
 * runs jitless: ./jitless.ts). An answer the schema refuses is an ApiError naming the call, which
 * the page's error boundary shows, rather than data the page would misread.
 */
export async function adminCall<S extends AnswerSchema>(
  schema: S,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!SAFE.has(method)) headers[ADMIN_REQUEST_HEADER] = '1';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/admin${path}${queryString(options.query)}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(mapKeys(options.body, snakeKey)),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      0,
      'offline',
      'The back office could not reach the API. Check the connection and try again.',
    );
  }
  if (!res.ok) throw await failureOf(res);
  const body: unknown = await res.json().catch(() => undefined);
  const result = body !== null && typeof body === 'object' && 'result' in body ? body.result : undefined;
  const parsed = schema.safeParse(mapKeys(result, camelKey));
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      UNEXPECTED_ANSWER,
      `The API answered something this page does not understand (${method} /admin${path}). Reload the page; if it stays, the back office and the API are out of step.`,
    );
  }
  return parsed.data;
}
