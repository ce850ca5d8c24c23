/**
 * File storage (docs/architecture.md "File storage"): uploaded files kept outside the database
 * behind one interface. Only the modules that own a file read it back, for the people allowed to.
 */
import type { FileStorage } from './file-storage.ts';
import { localFileStorage } from './local.file-storage.ts';
import { s3FileStorage } from './s3.file-storage.ts';
import type { StorageConfig } from './storage.config.ts';

export { assertStorageKey, type FileStorage } from './file-storage.ts';
export { localFileStorage } from './local.file-storage.ts';
export { s3FileStorage } from './s3.file-storage.ts';
export { loadStorageConfig, type StorageConfig, storageProductionProblems } from './storage.config.ts';

export function fileStorageOf(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? s3FileStorage(config) : localFileStorage(config.dir);
}
