/**
 * File storage settings from the environment. FILE_STORAGE chooses the adapter: `local` (the default:
 * a folder, FILE_STORAGE_DIR, by default `uploads` under DATA_DIR) or `s3` (an S3-compatible bucket,
 * for deployments with several API hosts). The `s3` adapter is not part of this build: a start with
 * it is refused with a message saying so, rather than keeping documents where no other host finds
 * them.
 */
import path from 'node:path';

export type StorageConfig = { kind: 'local'; dir: string };

export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.FILE_STORAGE ?? 'local';
  if (kind === 's3') {
    throw new Error(
      'FILE_STORAGE=s3 is not available in this build: use FILE_STORAGE=local with FILE_STORAGE_DIR on a volume every API host mounts.',
    );
  }
  if (kind !== 'local') throw new Error(`FILE_STORAGE must be local or s3, got "${kind}"`);
  const dir = env.FILE_STORAGE_DIR || path.join(env.DATA_DIR || '.data', 'uploads');
  return { kind, dir: path.resolve(dir) };
}
