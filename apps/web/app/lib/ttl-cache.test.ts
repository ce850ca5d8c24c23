import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('loads once while fresh, serves stale while refreshing, reloads when too old', async () => {
    let now = 0;
    const cache = new TtlCache({ now: () => now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await cache.getOrLoad('k', 1000, load)).toBe(1);
    expect(await cache.getOrLoad('k', 1000, load)).toBe(1);
    expect(loads).toBe(1);
    now = 1500;
    expect(await cache.getOrLoad('k', 1000, load)).toBe(1);
    await Promise.resolve();
    expect(loads).toBe(2);
    expect(await cache.getOrLoad('k', 1000, load)).toBe(2);
    now = 1500 + 2500;
    expect(await cache.getOrLoad('k', 1000, load)).toBe(3);
  });

  it('shares one load between concurrent callers and does not keep failures', async () => {
    const cache = new TtlCache();
    let loads = 0;
    const failing = async () => {
      loads += 1;
      throw new Error('down');
    };
    await Promise.all([
      expect(cache.getOrLoad('k', 1000, failing)).rejects.toThrow('down'),
      expect(cache.getOrLoad('k', 1000, failing)).rejects.toThrow('down'),
    ]);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad('k', 1000, async () => 'ok')).toBe('ok');
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = new TtlCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, 1000, async () => key);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.getOrLoad('a', 1000, async () => {
      reloaded = true;
      return 'a';
    });
    expect(reloaded).toBe(true);
  });
});

describe('TtlCache refresh', () => {
  it('hands the replaced value to the loader so an unchanged answer can keep its identity', async () => {
    let now = 0;
    const cache = new TtlCache({ now: () => now });
    const first = { text: 'same' };
    await cache.getOrLoad('k', 1000, async () => first);
    now = 1500;
    const seen: unknown[] = [];
    await cache.getOrLoad('k', 1000, async (previous) => {
      seen.push(previous);
      return previous ?? { text: 'other' };
    });
    await Promise.resolve();
    expect(seen).toEqual([first]);
    expect(await cache.getOrLoad('k', 1000, async () => ({ text: 'new' }))).toBe(first);
  });
});
