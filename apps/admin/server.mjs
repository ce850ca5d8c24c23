// The back office's production server: the built single-page app (dist/) with strict security headers,
// index.html for every page path, and /admin/* passed to the API as it came (method, headers, body,
// cookies both ways), so the operator's session cookie stays on this origin. Plain node:http.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** No inline script or style, nothing from another origin; the API is reached through /admin here. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The headers of every answer this server makes (the API's answers keep the API's own).
 * @param {{ production: boolean }} options
 * @returns {[string, string][]}
 */
export function securityHeaders({ production }) {
  const headers = /** @type {[string, string][]} */ ([
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ]);
  if (production) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

const TYPES = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
});

/** Hop-by-hop headers: they describe one connection, so they are not passed on either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * @typedef {object} AdminServerOptions
 * @property {string} [clientDir] the built app (default: dist/ beside this file)
 * @property {string} apiUrl where /admin/* goes, e.g. http://127.0.0.1:4000
 * @property {boolean} [production] sends HSTS
 * @property {boolean} [trustProxy] keeps the X-Forwarded-For and X-Forwarded-Proto a proxy in front set
 */

/**
 * The request handler (server.mjs listens with it; the tests call it on a port of their own).
 * @param {AdminServerOptions} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function adminHandler(options) {
  const clientDir = path.resolve(options.clientDir ?? path.join(here, 'dist'));
  const api = new URL(options.apiUrl);
  const production = options.production ?? false;
  const trustProxy = options.trustProxy ?? false;
  const headers = securityHeaders({ production });
  const send = api.protocol === 'https:' ? httpsRequest : httpRequest;

  /** @param {import('node:http').IncomingMessage} req */
  function forwardedFor(req) {
    const socketAddress = req.socket.remoteAddress ?? '';
    const earlier = trustProxy ? String(req.headers['x-forwarded-for'] ?? '').trim() : '';
    return earlier ? `${earlier}, ${socketAddress}` : socketAddress;
  }

  /** @param {import('node:http').IncomingMessage} req */
  function forwardedProto(req) {
    if (trustProxy) {
      const proto = String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim();
      if (proto === 'https' || proto === 'http') return proto;
    }
    return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function proxy(req, res) {
    /** @type {Record<string, string | string[]>} */
    const outgoing = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'host') continue;
      outgoing[name] = value;
    }
    outgoing.host = api.host;
    if (req.headers.host) outgoing['x-forwarded-host'] = req.headers.host;
    outgoing['x-forwarded-for'] = forwardedFor(req);
    outgoing['x-forwarded-proto'] = forwardedProto(req);
    const upstream = send(
      {
        protocol: api.protocol,
        hostname: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: outgoing,
      },
      (answer) => {
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || HOP_BY_HOP.has(name)) continue;
          res.setHeader(name, value);
        }
        res.writeHead(answer.statusCode ?? 502);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = 'The Drawhouse API did not answer. Try again in a moment.';
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          error: { status: 502, code: 'api_unreachable', message },
          messages: [{ code: 'api_unreachable', message }],
        }),
      );
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  }

  /**
   * A file of the build, or undefined when the path names none (or tries to leave the folder).
   * @param {string} urlPath
   */
  async function builtFile(urlPath) {
    if (urlPath === '/' || urlPath.includes('\0')) return undefined;
    let decoded;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const file = path.join(clientDir, decoded);
    if (!file.startsWith(clientDir + path.sep)) return undefined;
    try {
      const info = await stat(file);
      return info.isFile() ? { file, size: info.size } : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} file
   * @param {number} size
   * @param {number} status
   */
  function sendFile(req, res, file, size, status) {
    res.statusCode = status;
    res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function page(req, res) {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    const found = await builtFile(urlPath);
    if (found && path.basename(found.file) !== 'index.html') {
      // Vite names built assets by their content: they never change under the same name.
      res.setHeader(
        'Cache-Control',
        urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      sendFile(req, res, found.file, found.size, 200);
      return;
    }
    // A missing asset is a 404, not the app: a stale page must not run index.html as a script.
    if (urlPath.startsWith('/assets/') || urlPath.startsWith('/admin')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found');
      return;
    }
    const index = await builtFile('/index.html');
    if (!index) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The back office is not built: run `npm run build -w @drawhouse/admin`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    sendFile(req, res, index.file, index.size, 200);
  }

  return (req, res) => {
    const url = req.url ?? '/';
    if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?')) {
      proxy(req, res);
      return;
    }
    page(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    });
  };
}

/** @param {NodeJS.ProcessEnv} env */
export function optionsFromEnv(env) {
  return {
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? 4000}`,
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === '1',
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.ADMIN_PORT ?? 3100);
  const host = process.env.HOST ?? '0.0.0.0';
  const server = createServer(adminHandler(optionsFromEnv(process.env)));
  server.listen(port, host);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  }
}
