// The storefront's production server: static files from the client build, everything else rendered by
// React Router. A plain node:http server instead of react-router-serve's express stack (see ADR 006).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip, gzip } from 'node:zlib';
import { createRequestHandler } from 'react-router';

// This is the production server: without NODE_ENV it runs, and is checked, as production (React's
// production build, no development secrets).
process.env.NODE_ENV ??= 'production';
const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, 'build/server/index.js'));
// The startup checks and security headers are the app's (app/lib/config.server.ts and
// security-headers.server.ts), exported by entry.server.tsx.
const { startupProblems, securityHeaders, frontCache } = build.entry.module;
if (typeof startupProblems !== 'function' || typeof securityHeaders !== 'function' || !frontCache) {
  console.error('The storefront build is out of date: run `npm run build`.');
  process.exit(1);
}
const problems = startupProblems(process.env);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const clientDir = path.join(here, 'build/client');
const production = process.env.NODE_ENV === 'production';
const handle = createRequestHandler(build, process.env.NODE_ENV);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
// Behind a proxy that sets X-Forwarded-For, keep its value; otherwise the socket's address is the visitor.
const trustProxy = process.env.TRUST_PROXY === '1';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest)|image\/svg)/;

/** The protocol the visitor used: the proxy's (https) behind a trusted proxy, else this server's http. */
function forwardedProtocol(req) {
  if (!trustProxy) return 'http';
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim();
  return proto === 'https' ? 'https' : 'http';
}

/**
 * Every answer starts with the shop's security headers; a page replaces the Content-Security-Policy
 * with its own, which allows the page's nonce (entry.server.tsx).
 */
function setSecurityHeaders(req, res) {
  const https = production && forwardedProtocol(req) === 'https';
  for (const [name, value] of securityHeaders({ https })) res.setHeader(name, value);
}

function acceptsGzip(req) {
  return /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
}

/** A file of the client build, or undefined when the path is not one (or tries to leave the folder). */
async function staticFile(urlPath) {
  if (urlPath === '/' || urlPath.includes('\0')) return undefined;
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.join(clientDir, path.normalize(decoded));
  if (!file.startsWith(`${clientDir}${path.sep}`)) return undefined;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size } : undefined;
  } catch {
    return undefined;
  }
}

async function sendStatic(req, res, { file, size }, urlPath) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const immutable = urlPath.startsWith('/assets/');
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  if (req.method === 'HEAD') return res.end();
  if (COMPRESSIBLE.test(type) && size > 1024 && acceptsGzip(req)) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    return pipeline(createReadStream(file), createGzip(), res);
  }
  res.setHeader('Content-Length', size);
  return pipeline(createReadStream(file), res);
}

/**
 * Cross-site form posts are refused with 403 before React Router sees them (the same rule as
 * app/lib/origin.server.ts, which the middleware applies in development): Fetch Metadata saying
 * cross-site, or an Origin (else Referer) whose host is not this site's.
 */
const extraHosts = [process.env.WEB_BASE_URL, ...(process.env.ALLOWED_ORIGINS ?? '').split(',')]
  .map((origin) => {
    try {
      return new URL((origin ?? '').trim()).host.toLowerCase();
    } catch {
      return undefined;
    }
  })
  .filter(Boolean);

/**
 * Apple answers a sign-in by posting a form from its own site (response_mode=form_post): the landing
 * page only keeps that answer for the redirect that follows, which checks it belongs to this browser
 * (app/lib/origin.server.ts has the same exception).
 */
const APPLE_ANSWER_PATH = /^\/social-authentication\/apple$/;

function isCrossSite(req) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? 'GET')) return false;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin ?? req.headers.referer;
  if (origin === undefined) return false;
  let host;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return true;
    host = from.host.toLowerCase();
  } catch {
    return true;
  }
  const hosts = new Set([(req.headers.host ?? '').toLowerCase(), ...extraHosts]);
  const forwardedHost = req.headers['x-forwarded-host'];
  if (trustProxy && typeof forwardedHost === 'string')
    hosts.add(forwardedHost.split(',')[0].trim().toLowerCase());
  return !hosts.has(host);
}

/**
 * The page's URL as React Router sees it: behind a trusted proxy the page's own origin is the
 * proxy's (https, its host), which React Router compares with the Origin of form posts.
 */
function pageUrl(req) {
  const forwardedHost = trustProxy
    ? String(req.headers['x-forwarded-host'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  const protocol = forwardedProtocol(req);
  return new URL(req.url ?? '/', `${protocol}://${forwardedHost || req.headers.host || 'localhost'}`);
}

function toRequest(req, res, url) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  if (!trustProxy || !headers.has('x-forwarded-for')) {
    headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
  }
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
  });
}

/**
 * A page from the front cache (app/lib/front-cache.server.ts): the page many anonymous visitors
 * share, with this answer's nonce and id cookies, sent without running React Router.
 */
function sendFrontAnswer(req, res, answer) {
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (answer.setCookies.length > 0) res.setHeader('Set-Cookie', answer.setCookies);
  if (!acceptsGzip(req)) {
    // The body serves another answer once this one has left (or its connection closed).
    res.once('close', answer.done);
    res.setHeader('Content-Length', answer.body.byteLength);
    return res.end(answer.body);
  }
  res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Vary', 'Accept-Encoding');
  gzip(answer.body, { level: 4 }, (error, zipped) => {
    answer.done();
    if (error) return res.destroy(error);
    res.setHeader('Content-Length', zipped.length);
    res.end(zipped);
  });
}

async function sendResponse(req, res, response) {
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  const setCookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  if (setCookies.length > 0) res.setHeader('Set-Cookie', setCookies);
  if (!response.body || req.method === 'HEAD') return res.end();
  const type = response.headers.get('content-type') ?? '';
  const body = Readable.fromWeb(response.body);
  if (COMPRESSIBLE.test(type) && !response.headers.has('content-encoding') && acceptsGzip(req)) {
    res.removeHeader('Content-Length');
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    return pipeline(body, createGzip({ level: 4 }), res);
  }
  return pipeline(body, res);
}

const server = createServer(async (req, res) => {
  try {
    const url = pageUrl(req);
    if (req.method === 'GET') {
      // A shared page of anonymous visitors, answered before anything else runs, with the page's
      // own headers, security headers included (ADR 041).
      const answer = frontCache.answer({
        method: req.method,
        url: url.href,
        cookie: req.headers.cookie,
        forwardedProto: req.headers['x-forwarded-proto'],
      });
      if (answer) return sendFrontAnswer(req, res, answer);
    }
    setSecurityHeaders(req, res);
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      const found = await staticFile(urlPath);
      if (found) return await sendStatic(req, res, found, urlPath);
    } else if (!APPLE_ANSWER_PATH.test(urlPath) && isCrossSite(req)) {
      res.statusCode = 403;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      return res.end('Forbidden: this form was sent from another site.');
    }
    const request = toRequest(req, res, url);
    const response = await handle(request);
    frontCache.keep(request, response);
    await sendResponse(req, res, response);
  } catch (error) {
    if (res.headersSent) return res.destroy();
    if (error?.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(error);
    setSecurityHeaders(req, res);
    res.statusCode = 500;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Something went wrong.');
  }
});

server.keepAliveTimeout = 65_000;
server.on('error', (error) => {
  console.error(
    error.code === 'EADDRINUSE' ? `Port ${port} is already in use: set PORT to a free port.` : error,
  );
  process.exit(1);
});
server.listen(port, host, () => {
  if (process.env.SERVE_QUIET !== '1') console.log(`Storefront listening on http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
