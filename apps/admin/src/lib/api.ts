/**
 * The back office's one way to the API: `/admin/*` on this origin (server.mjs passes it on with the
 * session cookie). Keys are snake_case on the wire and camelCase here; every change carries the
 * back office's header, without which the API refuses it; a failure becomes an ApiError holding the
 * API's own message and field errors.
 */
import { camelKey, snakeKey } from '@drawhouse/contract/case';
import { ADMIN_REQUEST_HEADER } from './wire';

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

/** Calls `/admin{path}` and answers the envelope's `result`, camelCased. */
export async function adminCall<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<T> {
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
  const body = (await res.json()) as { result?: unknown };
  return mapKeys(body.result, camelKey) as T;
}
