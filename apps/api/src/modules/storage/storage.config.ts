/**
 * File storage settings from the environment. FILE_STORAGE chooses the adapter: `local` (the default:
 * a folder, FILE_STORAGE_DIR, by default `uploads` under DATA_DIR) or `s3` (a bucket of an
 * S3-compatible store, for deployments with several API hosts: FILE_STORAGE_S3_URL, _REGION,
 * _ACCESS_KEY_ID and _SECRET_ACCESS_KEY, every one required).
 */
import path from 'node:path';

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucketUrl: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

const S3_SETTINGS = {
  bucketUrl: 'FILE_STORAGE_S3_URL',
  region: 'FILE_STORAGE_S3_REGION',
  accessKeyId: 'FILE_STORAGE_S3_ACCESS_KEY_ID',
  secretAccessKey: 'FILE_STORAGE_S3_SECRET_ACCESS_KEY',
} as const;

function s3Config(env: NodeJS.ProcessEnv): StorageConfig {
  const missing = Object.values(S3_SETTINGS).filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`FILE_STORAGE=s3 needs ${missing.join(', ')}`);
  const value = (name: string) => env[name]?.trim() ?? '';
  const bucketUrl = value(S3_SETTINGS.bucketUrl);
  let url: URL;
  try {
    url = new URL(bucketUrl);
  } catch {
    throw new Error(`FILE_STORAGE_S3_URL must be the bucket's address (https://...), got "${bucketUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`FILE_STORAGE_S3_URL must be an http(s) address, got "${bucketUrl}"`);
  }
  return {
    kind: 's3',
    bucketUrl,
    region: value(S3_SETTINGS.region),
    accessKeyId: value(S3_SETTINGS.accessKeyId),
    secretAccessKey: value(S3_SETTINGS.secretAccessKey),
  };
}

export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.FILE_STORAGE ?? 'local';
  if (kind === 's3') return s3Config(env);
  if (kind !== 'local') throw new Error(`FILE_STORAGE must be local or s3, got "${kind}"`);
  const dir = env.FILE_STORAGE_DIR || path.join(env.DATA_DIR || '.data', 'uploads');
  return { kind, dir: path.resolve(dir) };
}

/** What a production start refuses: identity documents sent to a bucket over plain http. */
export function storageProductionProblems(config: StorageConfig): string[] {
  return config.kind === 's3' && !config.bucketUrl.startsWith('https:')
    ? ['FILE_STORAGE_S3_URL must be an https address in production: identity documents travel to it.']
    : [];
}
