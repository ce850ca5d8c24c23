import { describe, expect, it } from 'vitest';
import { ResponseCache } from './cache.ts';

describe('response cache', () => {
  it('keeps an entry for its lifetime and drops it after', () => {
    let now = 0;
    const cache = new ResponseCache(() => now);
    cache.set('a', Buffer.from('{"x":1}'), 60);
    now = 59_999;
    expect(cache.get('a')?.toString()).toBe('{"x":1}');
    now = 60_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = new ResponseCache(() => 0, 2);
    cache.set('a', Buffer.from('1'), 60);
    cache.set('b', Buffer.from('2'), 60);
    cache.set('c', Buffer.from('3'), 60);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.toString()).toBe('2');
    expect(cache.get('c')?.toString()).toBe('3');
  });

  it('ends an entry at its `until`, before its lifetime', () => {
    let now = 0;
    const cache = new ResponseCache(() => now);
    cache.set('offers', Buffer.from('1'), 1_080, { until: 2_500 });
    now = 2_499;
    expect(cache.get('offers')?.toString()).toBe('1');
    now = 2_500;
    expect(cache.get('offers')).toBeUndefined();
  });

  it('drops the entries holding draws once the draws version moves, asking at most once a second', async () => {
    let now = 0;
    let version = 'a';
    let asked = 0;
    const cache = new ResponseCache(() => now);
    cache.watchDraws(async () => {
      asked += 1;
      return version;
    });
    await cache.checkDraws();
    cache.set('offers', Buffer.from('1'), 1_080, { holdsDraws: true });
    cache.set('causes', Buffer.from('2'), 60);
    version = 'b';
    now = 999;
    await cache.checkDraws();
    expect(asked).toBe(1);
    expect(cache.get('offers')?.toString()).toBe('1');
    now = 1_000;
    const generation = cache.generation;
    await Promise.all([cache.checkDraws(), cache.checkDraws()]);
    expect(asked).toBe(2);
    expect(cache.get('offers')).toBeUndefined();
    expect(cache.get('causes')?.toString()).toBe('2');
    expect(cache.generation).toBe(generation + 1);
  });
});
