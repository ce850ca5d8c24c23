/**
 * Key case mapping between the wire (snake_case) and the storefront (camelCase). Only object keys
 * change; string values, numbers and array order stay as they are.
 */
import { camelKey, snakeKey } from '@drawhouse/contract/case';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function mapKeysDeep(value: unknown, mapKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, mapKey));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[mapKey(key)] = mapKeysDeep(inner, mapKey);
  return out;
}

export function toCamelDeep(value: unknown): unknown {
  return mapKeysDeep(value, camelKey);
}

export function toSnakeDeep(value: unknown): unknown {
  return mapKeysDeep(value, snakeKey);
}
