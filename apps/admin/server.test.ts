import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHandler, CONTENT_SECURITY_POLICY, optionsFromEnv } from './server.mjs';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

const clientDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-admin-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>back office</title>');
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1);');
writeFileSync(path.join(tmpdir(), 'drawhouse-admin-secret.txt'), 'secret');

let api: Server;
let apiUrl: string;
const seen: Seen[] = [];
const servers: Server[] = [];

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** The back office server on a port of its own. */
function backOffice(options: { production?: boolean; trustProxy?: boolean; apiUrl?: string } = {}) {
  return listen(createServer(adminHandler({ clientDir, apiUrl: options.apiUrl ?? apiUrl, ...options })));
}

beforeAll(async () => {
  // A stand-in API that records what reaches it and answers like the real one.
  api = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url?.startsWith('/admin/audit/export')) {
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
        res.write('at,operator\n');
        setTimeout(() => res.end('2026-11-27,alice\n'), 20);
        return;
      }
      res.writeHead(401, {
        'content-type': 'application/json',
        'set-cookie': ['dh_operator=abc; Path=/admin; HttpOnly; SameSite=Strict', 'other=1; Path=/admin'],
      });
      res.end(
        JSON.stringify({ error: { status: 401, code: 'invalid_credentials', message: 'No.' }, messages: [] }),
      );
    });
  });
  apiUrl = await listen(api);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the back office server', () => {
  it('answers a page path with index.html, not cached, under the strict security headers', async () => {
    const base = await backOffice();
    for (const page of ['/', '/sign-in', '/operators', '/invitation/abcdefghijklmnopqrstuvwxyz?x=1']) {
      const res = await fetch(`${base}${page}`);
      expect(res.status, page).toBe(200);
      expect(await res.text()).toContain('<title>back office</title>');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('serves built assets for a year, answers a missing one 404 and never leaves the build folder', async () => {
    const base = await backOffice();
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await fetch(`${base}/assets/gone-000.js`)).status).toBe(404);
    const outside = await fetch(`${base}/..%2fdrawhouse-admin-secret.txt`);
    expect(await outside.text()).not.toContain('secret');
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  it('sends HSTS in production', async () => {
    const base = await backOffice({ production: true });
    const res = await fetch(`${base}/`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('passes /admin/* to the API as it came and the API’s answer back, cookies included', async () => {
    const base = await backOffice();
    seen.length = 0;
    const res = await fetch(`${base}/admin/session?from=here`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'dh_operator=old',
        'x-drawhouse-admin': '1',
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ email: 'a@example.com', password: 'pw', code: '123456' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([
      'dh_operator=abc; Path=/admin; HttpOnly; SameSite=Strict',
      'other=1; Path=/admin',
    ]);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/admin/session?from=here' });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      email: 'a@example.com',
      password: 'pw',
      code: '123456',
    });
    expect(request?.headers.cookie).toBe('dh_operator=old');
    expect(request?.headers['x-drawhouse-admin']).toBe('1');
    expect(request?.headers['content-type']).toBe('application/json');
    // Not behind a trusted proxy: the visitor is the socket's address, whatever the request claims.
    expect(request?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(request?.headers['x-forwarded-proto']).toBe('http');
    // The API's answers keep the API's own headers.
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('behind a trusted proxy, keeps the proxy’s X-Forwarded-For and X-Forwarded-Proto', async () => {
    const base = await backOffice({ trustProxy: true });
    seen.length = 0;
    await fetch(`${base}/admin/session`, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(seen[0]?.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(seen[0]?.headers['x-forwarded-proto']).toBe('https');
  });

  it('streams a download from the API (the audit CSV)', async () => {
    const base = await backOffice();
    const res = await fetch(`${base}/admin/audit/export?operator=alice`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('at,operator\n2026-11-27,alice\n');
  });

  it('answers 502 in the API’s error envelope when the API does not answer', async () => {
    const closed = createServer();
    const deadUrl = await listen(closed);
    closed.close();
    const base = await backOffice({ apiUrl: deadUrl });
    const res = await fetch(`${base}/admin/session`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { status: 502, code: 'api_unreachable' } });
  });

  it('reads the API address and production from the environment', () => {
    expect(optionsFromEnv({})).toEqual({
      apiUrl: 'http://127.0.0.1:4000',
      production: false,
      trustProxy: false,
    });
    expect(optionsFromEnv({ API_PORT: '4100', NODE_ENV: 'production', TRUST_PROXY: '1' })).toEqual({
      apiUrl: 'http://127.0.0.1:4100',
      production: true,
      trustProxy: true,
    });
    expect(optionsFromEnv({ API_URL: 'http://api.internal:9000' }).apiUrl).toBe('http://api.internal:9000');
  });
});
