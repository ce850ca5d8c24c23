/**
 * The `local` file storage: a folder on the API's disk (FILE_STORAGE_DIR, by default `uploads` in
 * the data directory). Folders are made readable by the API's user only and files are written to a
 * temporary name, then linked to its key, so a reader never sees half a file. For one server, or servers
 * sharing a mounted volume; deployments with several hosts use an S3-compatible bucket.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export function localFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomUUID()}.part`;
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      try {
        // A hard link appears whole, and fails when the key is taken.
        await link(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
