/**
 * AWS Signature Version 4 for S3-compatible object stores (AWS S3, MinIO, Cloudflare R2, Backblaze
 * B2 ...), as their REST APIs take it in the Authorization header: the canonical request (method,
 * path, query, the signed headers, the payload's SHA-256), the string to sign for the day's scope,
 * and an HMAC chain from the secret key. Only what the file storage sends: no query strings.
 */
import { createHash, createHmac } from 'node:crypto';

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

export const EMPTY_PAYLOAD_SHA256 = createHash('sha256').update('').digest('hex');

export const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z`: the instant as SigV4 writes it. */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Each path segment percent-encoded as S3 expects (unreserved characters kept, `/` between them). */
export const canonicalPath = (pathname: string) =>
  pathname
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

/**
 * The Authorization header of a request to `url` whose headers (names in any case) include `host`,
 * `x-amz-date` and `x-amz-content-sha256`; every header given is signed.
 */
export function authorization(
  credentials: S3Credentials,
  request: { method: string; url: URL; headers: Record<string, string> },
): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1] ?? '';
  const payload = headers.find(([name]) => name === 'x-amz-content-sha256')?.[1] ?? '';
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    request.method,
    canonicalPath(request.url.pathname),
    '',
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    payload,
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region),
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
