/**
 * The `s3` file storage: objects in a bucket of any S3-compatible store, through its REST API with
 * Signature Version 4 (s3-signature.ts) over fetch: PUT, GET and DELETE of one object, nothing else,
 * so no SDK is needed (ADR 055). `FILE_STORAGE_S3_URL` is the bucket's address (virtual-hosted
 * `https://bucket.s3.region.amazonaws.com` or path-style `https://minio.example/bucket`); keys are
 * appended to it. Objects are written private (no ACL given: the bucket's default, which must not be
 * public) and never linked to: the API reads them back for whoever may see them.
 */
import { assertStorageKey, type FileStorage } from './file-storage.ts';
import {
  amzDate,
  authorization,
  EMPTY_PAYLOAD_SHA256,
  type S3Credentials,
  sha256Hex,
} from './s3-signature.ts';

export type S3StorageOptions = S3Credentials & {
  bucketUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
};

export function s3FileStorage(options: S3StorageOptions): FileStorage {
  const base = options.bucketUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ) {
    assertStorageKey(key);
    const url = new URL(`${base}/${key}`);
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
      'x-amz-date': amzDate(now()),
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const { host: _host, ...sent } = headers;
    return doFetch(url, {
      method,
      headers: { ...sent, authorization: authorization(options, { method, url, headers }) },
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
