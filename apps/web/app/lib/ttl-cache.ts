/**
 * A small in-process cache with expiry. A value past its lifetime is still handed out for one more
 * lifetime while a single refresh runs in the background, so that no page waits on an expiry; a
 * value older than that is loaded afresh. Concurrent loads of one key share one promise.
 */

type Entry<T> = { value: T; freshUntil: number; staleUntil: number };

export type TtlCacheOptions = { maxEntries?: number; now?: () => number };

export class TtlCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private generation = 0;

  constructor(options: TtlCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** `load` gets the value it replaces, if any, so that it can keep it when nothing changed. */
  async getOrLoad<T>(
    key: string,
    lifetimeMs: number,
    load: (previous: T | undefined) => Promise<T>,
  ): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    const now = this.now();
    if (entry && now < entry.freshUntil) return entry.value;
    if (entry && now < entry.staleUntil) {
      // Serve the stale value; a failed background refresh keeps it until it is too old.
      this.load(key, lifetimeMs, () => load(entry.value)).catch(() => undefined);
      return entry.value;
    }
    return this.load(key, lifetimeMs, () => load(entry?.value));
  }

  clear(): void {
    this.entries.clear();
    this.inflight.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  private load<T>(key: string, lifetimeMs: number, load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (generation === this.generation) {
          this.set(key, value, lifetimeMs);
          this.inflight.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.inflight.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  private set<T>(key: string, value: T, lifetimeMs: number): void {
    const now = this.now();
    this.entries.delete(key);
    this.entries.set(key, { value, freshUntil: now + lifetimeMs, staleUntil: now + 2 * lifetimeMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
