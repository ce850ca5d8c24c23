import { useMemo } from 'react';

/**
 * A value sent from a loader as one JSON string. The shell and the offer lists are the same for
 * many requests; as a string they are encoded once (and memoised) instead of walked value by value
 * on every request by the loader-data encoder, which is a large part of a cached page's cost.
 */
export type Serialized<T> = string & { readonly __serialized?: T };

export function serialize<T>(value: T): Serialized<T> {
  return JSON.stringify(value) as Serialized<T>;
}

export function parseSerialized<T>(json: Serialized<T>): T {
  return JSON.parse(json) as T;
}

export function useParsed<T>(json: Serialized<T>): T;
export function useParsed<T>(json: Serialized<T> | undefined): T | undefined;
export function useParsed<T>(json: Serialized<T> | undefined): T | undefined {
  return useMemo(() => (json === undefined ? undefined : parseSerialized(json)), [json]);
}
