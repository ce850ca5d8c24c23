import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from './local.file-storage.ts';
import { s3FileStorage } from './s3.file-storage.ts';
import { loadStorageConfig, storageProductionProblems } from './storage.config.ts';

const bytes = new TextEncoder().encode('a document');

describe('local file storage', () => {
  it('keeps a file under its key, readable by its owner only, and never overwrites a key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'drawhouse-storage-'));
    const storage = localFileStorage(dir);
    await storage.put('verification/c1/one.jpg', bytes, 'image/jpeg');
    expect(await storage.get('verification/c1/one.jpg')).toEqual(bytes);
    expect(statSync(path.join(dir, 'verification/c1/one.jpg')).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dir, 'verification/c1'))).toEqual(['one.jpg']);
    await expect(storage.put('verification/c1/one.jpg', bytes, 'image/jpeg')).rejects.toThrow();
    await storage.remove('verification/c1/one.jpg');
    expect(await storage.get('verification/c1/one.jpg')).toBeUndefined();
    await storage.remove('verification/c1/one.jpg');
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = localFileStorage(mkdtempSync(path.join(tmpdir(), 'drawhouse-storage-')));
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a b']) {
      await expect(storage.get(key), key).rejects.toThrow('not a storage key');
    }
  });
});

describe('S3-compatible file storage', () => {
  const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test', region: 'ap-southeast-2' };
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; signed: boolean }[] = [];
  let bucketUrl = '';
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    // The store's side: the request signed again with the store's copy of the secret (the date and
    // headers as received) must give the same Authorization header, and the payload its hash.
    const signedNames = /SignedHeaders=([^,]+)/.exec(req.headers.authorization ?? '')?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(
      signedNames.filter((name) => name !== 'host').map((name) => [name, String(req.headers[name] ?? '')]),
    );
    const expected = await new AwsV4Signer({
      ...credentials,
      service: 's3',
      method: req.method ?? '',
      url: url.toString(),
      headers,
      datetime: String(req.headers['x-amz-date'] ?? ''),
    }).authHeader();
    const signed =
      req.headers.authorization === expected &&
      req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
    seen.push({ method: req.method ?? '', url: url.pathname, signed });
    if (!signed) return void res.writeHead(403).end('SignatureDoesNotMatch');
    if (req.method === 'PUT') objects.set(url.pathname, body);
    if (req.method === 'DELETE') objects.delete(url.pathname);
    if (req.method === 'GET') {
      const found = objects.get(url.pathname);
      return void (found ? res.writeHead(200).end(found) : res.writeHead(404).end('NoSuchKey'));
    }
    res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bucketUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/documents`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and removes an object with signed requests under the bucket address', async () => {
    const storage = s3FileStorage({ ...credentials, bucketUrl });
    await storage.put('verification/c1/one.pdf', bytes, 'application/pdf');
    expect(await storage.get('verification/c1/one.pdf')).toEqual(bytes);
    await storage.remove('verification/c1/one.pdf');
    expect(await storage.get('verification/c1/one.pdf')).toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.url} ${s.signed}`)).toEqual([
      'PUT /documents/verification/c1/one.pdf true',
      'GET /documents/verification/c1/one.pdf true',
      'DELETE /documents/verification/c1/one.pdf true',
      'GET /documents/verification/c1/one.pdf true',
    ]);
  });

  it('throws what the store answered when it refuses (a wrong secret)', async () => {
    const storage = s3FileStorage({ ...credentials, secretAccessKey: 'wrong', bucketUrl });
    await expect(storage.put('verification/c1/two.jpg', bytes, 'image/jpeg')).rejects.toThrow(
      'answered 403: SignatureDoesNotMatch',
    );
  });
});

describe('file storage settings', () => {
  it('is a folder under the data directory by default', () => {
    expect(loadStorageConfig({ DATA_DIR: '/srv/drawhouse' })).toEqual({
      kind: 'local',
      dir: '/srv/drawhouse/uploads',
    });
  });

  it('names every setting s3 lacks, and production refuses a bucket over plain http', () => {
    expect(() => loadStorageConfig({ FILE_STORAGE: 's3', FILE_STORAGE_S3_URL: 'https://b.example' })).toThrow(
      'FILE_STORAGE=s3 needs FILE_STORAGE_S3_REGION, FILE_STORAGE_S3_ACCESS_KEY_ID, FILE_STORAGE_S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadStorageConfig({ FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE must be local or s3');
    const s3 = {
      FILE_STORAGE: 's3',
      FILE_STORAGE_S3_REGION: 'ap-southeast-2',
      FILE_STORAGE_S3_ACCESS_KEY_ID: 'id',
      FILE_STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    };
    const plain = loadStorageConfig({ ...s3, FILE_STORAGE_S3_URL: 'http://minio:9000/documents' });
    expect(storageProductionProblems(plain)).toHaveLength(1);
    const tls = loadStorageConfig({ ...s3, FILE_STORAGE_S3_URL: 'https://documents.s3.amazonaws.com' });
    expect(storageProductionProblems(tls)).toEqual([]);
  });
});
