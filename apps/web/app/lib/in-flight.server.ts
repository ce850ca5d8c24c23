/**
 * The same work asked for twice at once is done once: the second caller gets the first one's
 * promise. A double-clicked sign-up or a replayed form then reaches the API once. A success is
 * shared for `holdMs` after it settles, for requests that arrive just after; a failure is
 * forgotten at once, so a corrected retry is never answered with the old error.
 */
import { createHash } from 'node:crypto';

const running = new Map<string, Promise<unknown>>();

/** A key for `once` from the values that make two requests the same (secrets are hashed, never kept). */
export function sameRequestKey(kind: string, ...parts: unknown[]): string {
  return `${kind}:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
}

export function once<T>(key: string, work: () => Promise<T>, holdMs = 1_000): Promise<T> {
  const known = running.get(key);
  if (known) return known as Promise<T>;
  const promise = work();
  running.set(key, promise);
  const drop = () => {
    if (running.get(key) === promise) running.delete(key);
  };
  promise.then(
    () => setTimeout(drop, holdMs).unref?.(),
    () => drop(),
  );
  return promise;
}
