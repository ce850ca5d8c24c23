/**
 * The `s3` file storage: objects in a bucket of any S3-compatible store (AWS S3, MinIO, Cloudflare
 * R2, Backblaze B2 ...) through its REST API, each request signed with Signature Version 4 by
 * aws4fetch: PUT, GET and DELETE of one object, nothing else, so no SDK is needed (ADR 055).
 * `FILE_STORAGE_S3_URL` is the bucket's address (virtual-hosted `https://bucket.s3.region.amazonaws.com`
 * or path-style `https://minio.example/bucket`); keys are appended to it. The payload's SHA-256 is
 * signed too, so a store rejects a body changed on the way. Objects are written private (no ACL
 * given: the bucket's default, which must not be public) and never linked to: the API reads them
 * back for whoever may see them.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

export type S3StorageOptions = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucketUrl: string;
  timeoutMs?: number;
};

const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const EMPTY_PAYLOAD_SHA256 = sha256Hex(new Uint8Array());

export function s3FileStorage(options: S3StorageOptions): FileStorage {
  const base = options.bucketUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  // No retries of its own: a failed upload is the request's error, and the customer sends again.
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 0,
  });

  function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string) {
    assertStorageKey(key);
    return client.fetch(`${base}/${key}`, {
      method,
      headers: {
        'x-amz-content-sha256': body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  const failed = async (what: string, key: string, response: Response) =>
    new Error(
      `file storage: ${what} ${key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) throw await failed('PUT', key, response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failed('GET', key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failed('DELETE', key, response);
    },
  };
}
