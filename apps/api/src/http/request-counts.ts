/**
 * The rate limit's counts (the store of @fastify/rate-limit): requests per key in fixed windows,
 * as its own in-memory store counts them, the least recently counted key going first beyond
 * `maxKeys`. The app's global limit and the answers sent before Fastify (cached-reads.ts) share one
 * instance, so every request counts once, whichever path answers it.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Count = { current: number; startedAt: number };
export type Counted = { current: number; ttl: number };

export class RequestCounts implements FastifyRateLimitStore {
  constructor(
    readonly counts: Map<string, Count> = new Map(),
    private readonly maxKeys = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `key`; `ttl` is what is left of its window (ms). */
  count(key: string, timeWindow: number): Counted {
    const now = this.now();
    let entry = this.counts.get(key);
    if (!entry || entry.startedAt + timeWindow <= now) entry = { current: 0, startedAt: now };
    entry.current += 1;
    this.counts.delete(key);
    this.counts.set(key, entry);
    while (this.counts.size > this.maxKeys) {
      const oldest = this.counts.keys().next().value;
      if (oldest === undefined) break;
      this.counts.delete(oldest);
    }
    return { current: entry.current, ttl: timeWindow - (now - entry.startedAt) };
  }

  /** What `key` has used of its window, without counting. */
  used(key: string, timeWindow: number): number {
    const entry = this.counts.get(key);
    return !entry || entry.startedAt + timeWindow <= this.now() ? 0 : entry.current;
  }

  incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
    callback(null, this.count(key, timeWindow));
  }

  /** A route's own limit counts apart. */
  child(): FastifyRateLimitStore {
    return new RequestCounts(new Map(), this.maxKeys, this.now);
  }
}

/** The store class @fastify/rate-limit makes its store from: one that counts in `shared`. */
export function sharedStore(shared: RequestCounts): FastifyRateLimitStoreCtor {
  return class extends RequestCounts {
    constructor() {
      super(shared.counts);
    }
  };
}
