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

/**
 * A kept answer: its bytes, when it expires (Unix ms), its kind's lifetime and whether it holds draws
 * or content the back office edits.
 */
export type Entry = {
  body: Buffer;
  expires: number;
  ttlSeconds: number;
  holdsDraws: boolean;
  holdsContent: boolean;
};

/** How often, at most, a process asks the database whether draws or content have changed (ms). */
export const DRAWS_CHECK_MS = 1_000;

/**
 * The longest any client (browser, CDN, the storefront) may keep an answer holding draws or edited
 * content, in seconds: the storefront's own reuse of them (ADR 038, ADR 064). The API's copy goes
 * within a second of a change, so a client honouring `Cache-Control` shows a closed draw, a new result
 * or a saved banner, page or navigation at most this much later.
 */
export const DRAWS_MAX_AGE_SECONDS = 5;

/** What an entry is kept with besides its lifetime. */
export type EntryOptions = {
  /** The entry holds draws: dropped as soon as a draw changes state (closed, published, made). */
  holdsDraws?: boolean;
  /** The entry holds CMS content: dropped as soon as any CMS item is saved (ADR 064). */
  holdsContent?: boolean;
  /** Unix ms at which the entry expires sooner than its lifetime (the next stop of a draw it lists). */
  until?: number;
};

/** What the cache watches in the database: entries holding it go when its version moves. */
export type Watched = 'draws' | 'content';
const WATCHED = ['draws', 'content'] as const satisfies readonly Watched[];

/**
 * Per-process cache of serialised catalogue answers. Catalogue data is the same for every visitor of a
 * pricing, so the answer is stored already serialised (snake_case JSON bytes) and sent as is. Several API
 * processes each hold their own copy; the lifetimes bound how stale one can be (see ADR 004), and
 * entries holding draws expire at the next stop among them and go as soon as a draw changes state,
 * whichever process (engine, worker, operator CLI) changed it (see ADR 038); entries holding CMS
 * content go as soon as any CMS item is saved, in whichever process (ADR 064).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions: Partial<Record<Watched, () => Promise<string>>> = {};
  private readonly known: Partial<Record<Watched, string>> = {};
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  /** Bumped whenever watched entries are dropped: a load begun before must not be stored. */
  generation = 0;

  constructor(
    readonly now: () => number = Date.now,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string): Buffer | undefined {
    return this.lookup(key)?.body;
  }

  /** The entry, while it has not expired. */
  lookup(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  set(key: string, body: Buffer, ttlSeconds: number, options: EntryOptions = {}): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, this.entry(body, ttlSeconds, options));
  }

  /** The entry of an answer made now (whether or not it is kept). */
  entry(body: Buffer, ttlSeconds: number, options: EntryOptions = {}): Entry {
    const expires = this.expiry(ttlSeconds, options.until);
    const holdsDraws = options.holdsDraws ?? false;
    return { body, expires, ttlSeconds, holdsDraws, holdsContent: options.holdsContent ?? false };
  }

  /**
   * The Cache-Control of an entry's answer: clients may keep it for its kind's lifetime; an answer
   * holding draws or edited content at most DRAWS_MAX_AGE_SECONDS, and never past the instant this
   * copy expires (a listed draw's stop).
   */
  cacheControl(entry: Entry): string {
    if (!entry.holdsDraws && !entry.holdsContent) return `public, max-age=${entry.ttlSeconds}`;
    const left = Math.max(0, Math.floor((entry.expires - this.now()) / 1000));
    return `public, max-age=${Math.min(entry.ttlSeconds, DRAWS_MAX_AGE_SECONDS, left)}`;
  }

  /**
   * True while a check of the versions (draws, content) is running or due: a read of an answer holding
   * either then waits for it (small queries once a second per process), so the first read after a
   * change never gets the old state to keep for a client's whole lifetime (ADR 038, ADR 064).
   */
  checkDue(): boolean {
    if (!this.versions.draws && !this.versions.content) return false;
    return this.checking !== undefined || this.now() - this.checkedAt >= DRAWS_CHECK_MS;
  }

  /** When an entry stored now with this lifetime and `until` expires (Unix ms). */
  expiry(ttlSeconds: number, until?: number): number {
    return Math.min(this.now() + ttlSeconds * 1000, until ?? Number.POSITIVE_INFINITY);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry holding what changed (draws or content). */
  drop(watched: Watched): void {
    const holds = watched === 'draws' ? 'holdsDraws' : 'holdsContent';
    for (const [key, e] of this.entries) if (e[holds]) this.entries.delete(key);
    this.generation += 1;
  }

  /** The database's version of the draws (it changes whenever a draw is made or changes state). */
  watchDraws(version: () => Promise<string>): void {
    this.versions.draws = version;
  }

  /** The database's version of the CMS content (it changes whenever a CMS item is saved). */
  watchContent(version: () => Promise<string>): void {
    this.versions.content = version;
  }

  /**
   * Asks for the watched versions at most once every DRAWS_CHECK_MS (one check at a time, shared by
   * the requests that come meanwhile) and drops the entries holding what moved. Undefined when no
   * check is due or running (most reads: no promise made).
   */
  checkVersions(): Promise<void> | undefined {
    if (this.checking) return this.checking;
    if (this.now() - this.checkedAt < DRAWS_CHECK_MS) return undefined;
    const watched = WATCHED.filter((w) => this.versions[w] !== undefined);
    if (watched.length === 0) return undefined;
    this.checking = Promise.all(watched.map((w) => this.versions[w]?.()))
      .then((found) => {
        watched.forEach((w, i) => {
          const v = found[i];
          const known = this.known[w];
          if (known !== undefined && v !== known) this.drop(w);
          this.known[w] = v;
        });
        this.checkedAt = this.now();
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
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
  const clear = query !== '' && new URLSearchParams(query).has('clear_cache');
  const read = request.routeOptions.schema?.querystring ? request.query : undefined;
  const values =
    read && typeof read === 'object'
      ? Object.entries(read)
          .filter(([, value]) => value !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
      : [];
  return {
    key: `${readKey(request.apiVersion, path)}${values.length > 0 ? `|${JSON.stringify(values)}` : ''}`,
    clear,
  };
}

/** The entry of a read without query values: the version and the path as requested. */
export function readKey(apiVersion: string, path: string): string {
  return `${apiVersion}|${path}`;
}

/**
 * What a cached answer holds, for its entry: draws (and the soonest instant they stop selling), or
 * content the back office edits.
 */
export type CachedOptions<T> = {
  holdsDraws?: boolean;
  holdsContent?: boolean;
  /** The instant the answer goes out of date by the clock (a listed draw's stop), if any. */
  until?: (result: T) => Date | null | undefined;
};

/**
 * Answers a catalogue read from the cache, loading and storing the whole envelope when missing (for
 * answers with page info). `?clear_cache` drops the entry first. An answer holding draws is dropped as
 * soon as a draw changes state and expires at `until`, one holding content as soon as a CMS item is
 * saved. Sets Cache-Control to the kind's lifetime, or for those two to a few seconds (`cacheControl`).
 */
export async function cachedEnvelope<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlSeconds: number,
  load: () => Promise<Envelope<T>>,
  options: CachedOptions<Envelope<T>> = {},
): Promise<FastifyReply> {
  const cache = request.server.responseCache;
  const { key, clear } = cacheKey(request);
  if (clear) cache.delete(key);
  if (options.holdsDraws || options.holdsContent) {
    // A failed check leaves the answer to what the cache holds; the next read asks again.
    await cache
      .checkVersions()
      ?.catch((error: unknown) => request.log.warn({ err: error }, 'the cache versions could not be read'));
  }
  let entry = cache.lookup(key);
  if (entry === undefined) {
    const generation = cache.generation;
    const envelope = await load();
    const body = Buffer.from(JSON.stringify(envelope, snakeReplacer));
    const kept = {
      holdsDraws: options.holdsDraws ?? false,
      holdsContent: options.holdsContent ?? false,
      until: options.until?.(envelope)?.getTime(),
    };
    entry = cache.entry(body, ttlSeconds, kept);
    // A load begun before draws or content changed may hold the old state: answered, not kept.
    if (generation === cache.generation) cache.set(key, body, ttlSeconds, kept);
  }
  reply.header('cache-control', cache.cacheControl(entry));
  // Bytes are sent as they are: the response schema documents them, the serialiser never runs.
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

/** `cachedEnvelope` for a plain result. */
export function cached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlSeconds: number,
  load: () => Promise<T>,
  options: CachedOptions<T> = {},
): Promise<FastifyReply> {
  const { until } = options;
  return cachedEnvelope(request, reply, ttlSeconds, async () => ok(await load()), {
    holdsDraws: options.holdsDraws,
    holdsContent: options.holdsContent,
    until: until ? (envelope) => until(envelope.result) : undefined,
  });
}
