import { camelKey as codeKey, snakeKey as wireKey } from '@drawhouse/contract/case';
import { AppError } from './errors.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const snakeCache = new Map<string, string>();
const camelCache = new Map<string, string>();

/** snakeKey of the contract, remembered: the same few hundred keys are renamed on every answer. */
export function snakeKey(key: string): string {
  let out = snakeCache.get(key);
  if (out === undefined) {
    out = wireKey(key);
    if (snakeCache.size < 10_000) snakeCache.set(key, out);
  }
  return out;
}

export function camelKey(key: string): string {
  let out = camelCache.get(key);
  if (out === undefined) {
    out = codeKey(key);
    if (camelCache.size < 10_000) camelCache.set(key, out);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Deepest nesting a body may have: no contract goes past a handful, and renaming recurses. */
export const MAX_DEPTH = 64;

function mapKeys(value: unknown, rename: (key: string) => string, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) {
    throw new AppError(400, 'invalid_json', 'The request body is nested too deeply.');
  }
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, rename, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[rename(k)] = mapKeys(v, rename, depth + 1);
  return out;
}

/** camelCase inside, snake_case on the wire: applied to every response body. */
export const toSnake = (value: unknown): unknown => mapKeys(value, snakeKey);
/** snake_case on the wire, camelCase inside: applied to request bodies and query strings. */
export const toCamel = (value: unknown): unknown => mapKeys(value, camelKey);

/** JSON.stringify replacer that renames the keys of every plain object to snake_case. */
export function snakeReplacer(this: unknown, _key: string, value: unknown): unknown {
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) out[snakeKey(k)] = value[k];
    return out;
  }
  return value;
}

export type { Json };
