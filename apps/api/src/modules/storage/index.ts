/**
 * File storage (docs/architecture.md "File storage"): uploaded files kept outside the database
 * behind one interface. Only the modules that own a file read it back, for the people allowed to.
 */
import type { FileStorage } from './file-storage.ts';
import { localFileStorage } from './local.file-storage.ts';
import type { StorageConfig } from './storage.config.ts';

export { assertStorageKey, type FileStorage } from './file-storage.ts';
export { localFileStorage } from './local.file-storage.ts';
export { loadStorageConfig, type StorageConfig } from './storage.config.ts';

export function fileStorageOf(config: StorageConfig): FileStorage {
  return localFileStorage(config.dir);
}
