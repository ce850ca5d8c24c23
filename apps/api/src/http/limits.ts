/**
 * Sizes of what a request may carry. Parsing, renaming and validating a body costs time on the one
 * event loop every request shares, so each route reads only what its calls need: a few KB unless the
 * route declares more (`bodyLimit` in its options, for example a cart item with many games).
 */
import { maxHeaderSize } from 'node:http';
import { MAX_DEPTH } from './case.ts';
import { AppError } from './errors.ts';

/** The most bytes a body may have when its route declares no `bodyLimit`; also for unknown paths. */
export const DEFAULT_BODY_LIMIT = 8 * 1024;

/** For bodies carrying lists of numbers: cart items, favourite numbers, a sign-up with them. */
export const LARGE_BODY_LIMIT = 32 * 1024;

/** Most object keys in a body or query string; no call needs close to this many. */
export const MAX_KEYS = 1_000;

/** Longest path parameter the router takes (414 beyond); path schemas stay within it. */
export const MAX_PARAM_LENGTH = 200;

/** Longest address (path and query) a request may have: 414 `uri_too_long` beyond. */
export const MAX_URL_LENGTH = 8 * 1024;

/** Most bytes of a request's head (request line and headers) Node reads: 431, or 414 for the address alone. */
export const MAX_HEADER_BYTES = maxHeaderSize;

export const uriTooLong = () => new AppError(414, 'uri_too_long', 'The address is too long.');

/**
 * What is wrong with the shape of a parsed body or query, before anything walks it recursively: nested
 * deeper than MAX_DEPTH, or holding more than `maxKeys` object keys at any depth. Iterative, and stops
 * as soon as it knows.
 */
export function shapeProblem(value: unknown, maxKeys = MAX_KEYS): 'too_deep' | 'too_many_keys' | undefined {
  let keys = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_DEPTH) return 'too_deep';
    if (Array.isArray(item)) {
      for (const v of item) if (v !== null && typeof v === 'object') pending.push([v, depth + 1]);
      continue;
    }
    for (const v of Object.values(item)) {
      keys += 1;
      if (keys > maxKeys) return 'too_many_keys';
      if (v !== null && typeof v === 'object') pending.push([v, depth + 1]);
    }
  }
  return undefined;
}

export const tooDeep = () => new AppError(400, 'invalid_json', 'The request body is nested too deeply.');

export const tooManyBodyKeys = () =>
  new AppError(413, 'payload_too_large', 'The request body has more fields than this service accepts.');

export const tooManyQueryKeys = () =>
  new AppError(
    400,
    'too_many_parameters',
    'The address has more query parameters than this service accepts.',
  );
