/**
 * Where uploaded files are kept, outside the database: an adapter behind one interface, chosen by
 * FILE_STORAGE (storage.config.ts). Keys are made by the caller (`verification/<customer>/<id>.jpg`);
 * nothing here serves a file to anyone: callers read it back and decide who may see it.
 */
export interface FileStorage {
  /** Which adapter: `local` or `s3`. */
  readonly kind: string;
  /** Stores `bytes` under `key` (a new key: an existing one is refused). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes `key`; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
}

/** Letters, digits, `-`, `_` and `.` in `/`-separated parts, none of them `.` or `..`. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** Refuses a key that could leave the storage's folder or bucket prefix. */
export function assertStorageKey(key: string): void {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
