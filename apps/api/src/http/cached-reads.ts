/**
 * Cached reads answered in front of Fastify (ADR 047). A catalogue, content or results answer the
 * cache holds is the same bytes for every caller; Fastify's work around them (its request and reply,
 * the hooks, routing, validation, the handler) cost the API more than sending them. The server hands
 * each request to `answerCachedRead` first, which sends what Fastify would have sent, or hands the
 * request on untouched. Strict about what it answers:
 * - a GET without a query string, of a service's path, whose version (`X-Api-Version`, else the
 *   service's default) the service offers, and whose entry (that version and path) the cache holds,
 *   kept by a request that went through the whole route before, validation included;
 * - unsigned (an `X-App-Key` goes to Fastify, which checks the signature), without `Origin` (CORS is
 *   Fastify's), while the API is not closing and logs no request (LOG_LEVEL above info);
 * - within the visitor's rate limit: it counts the request in the limit's own counts (one request,
 *   one count, whichever path answers it); a visitor at the limit goes to Fastify, which answers 429.
 * - not holding draws or content while a version check is due or running: the route waits for it.
 * The answer carries the JSON answers' security headers, the request id, the entry's Cache-Control.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { readKey } from './cache.ts';
import { requestId } from './conventions.ts';
import type { RequestCounts } from './request-counts.ts';
import { JSON_ANSWER_HEADERS } from './security-headers.ts';
import { serviceForPath } from './services.ts';

/** The log levels at which Fastify logs every request (then every request goes through it). */
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

export type CachedReads = {
  /** True when it answered the request; false: the request is Fastify's, untouched. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
};

export function cachedReads(
  app: FastifyInstance,
  limits: { counts: RequestCounts; max: number; timeWindowMs: number },
): CachedReads {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const common = Object.fromEntries(JSON_ANSWER_HEADERS);

  return {
    answer(req, res) {
      const url = req.url ?? '';
      if (req.method !== 'GET' || closing || url.includes('?')) return false;
      const { headers } = req;
      if (headers['x-app-key'] !== undefined || headers.origin !== undefined) return false;
      if (REQUEST_LOG_LEVELS.has(app.log.level)) return false;
      const service = serviceForPath(url);
      const asked = headers['x-api-version'];
      if (!service || Array.isArray(asked) || (asked !== undefined && !service.versions.includes(asked))) {
        return false;
      }
      const cache = app.responseCache;
      const entry = cache.lookup(readKey(asked ?? service.defaultVersion, url));
      if (entry === undefined || ((entry.holdsDraws || entry.holdsContent) && cache.checkDue())) return false;
      const visitor = req.socket.remoteAddress ?? '';
      if (limits.counts.used(visitor, limits.timeWindowMs) >= limits.max) return false;
      limits.counts.count(visitor, limits.timeWindowMs);
      res.writeHead(200, {
        ...common,
        'x-request-id': requestId(headers['x-request-id']),
        'cache-control': cache.cacheControl(entry),
        'content-type': 'application/json; charset=utf-8',
        'content-length': entry.body.length,
      });
      res.end(entry.body);
      return true;
    },
  };
}
