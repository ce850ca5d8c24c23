import type { FastifyReply, FastifyRequest } from 'fastify';
import { snakeReplacer } from './case.ts';
import { type Envelope, ok } from './envelope.ts';

/** Cache lifetimes of catalogue and content answers, in seconds. */
export const CACHE_TTL = {
  default: 60,
  productOffers: 18 * 60,
  tips: 18 * 60,
  branding: 24 * 60 * 60,
  theme: 10 * 60,
  navigation: 24 * 60 * 60,
  components: 24 * 60 * 60,
  translations: 24 * 60 * 60,
  drawResultKeys: 24 * 60 * 60,
} as const;

type Entry = { body: Buffer; expires: number };

/**
 * Per-process cache of serialised catalogue answers. Catalogue data is the same for every visitor of a
 * pricing, so the answer is stored already serialised (snake_case JSON bytes) and sent as is. Several API
 * processes each hold their own copy; the lifetimes bound how stale one can be (see ADR 004).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string): Buffer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.body;
  }

  set(key: string, body: Buffer, ttlSeconds: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: this.now() + ttlSeconds * 1000 });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The entry of an answer: the version, the path and the query values the route's schema read (after
 * validation, so unknown parameters are gone). Unknown parameters must not make new entries: each
 * would load the answer again and hold another copy.
 */
function cacheKey(request: FastifyRequest): { key: string; clear: boolean } {
  const [path, query = ''] = request.url.split('?', 2) as [string, string?];
  const clear = new URLSearchParams(query).has('clear_cache');
  const read = request.routeOptions.schema?.querystring ? request.query : undefined;
  const values =
    read && typeof read === 'object'
      ? Object.entries(read)
          .filter(([, value]) => value !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
      : [];
  return {
    key: `${request.apiVersion}|${path}${values.length > 0 ? `|${JSON.stringify(values)}` : ''}`,
    clear,
  };
}

/**
 * Answers a catalogue read from the cache, loading and storing the whole envelope when missing (for
 * answers with page info). `?clear_cache` drops the entry first. Sets Cache-Control to the same lifetime.
 */
export async function cachedEnvelope<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlSeconds: number,
  load: () => Promise<Envelope<T>>,
): Promise<FastifyReply> {
  const cache = request.server.responseCache;
  const { key, clear } = cacheKey(request);
  if (clear) cache.delete(key);
  let body = cache.get(key);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify(await load(), snakeReplacer));
    cache.set(key, body, ttlSeconds);
  }
  reply.header('cache-control', `public, max-age=${ttlSeconds}`);
  // Bytes are sent as they are: the response schema documents them, the serialiser never runs.
  return reply.type('application/json; charset=utf-8').send(body);
}

/** `cachedEnvelope` for a plain result. */
export function cached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlSeconds: number,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  return cachedEnvelope(request, reply, ttlSeconds, async () => ok(await load()));
}
