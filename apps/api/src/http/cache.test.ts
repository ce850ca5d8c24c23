import { describe, expect, it } from 'vitest';
import { DRAWS_MAX_AGE_SECONDS, ResponseCache } from './cache.ts';

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
    await cache.checkVersions();
    cache.set('offers', Buffer.from('1'), 1_080, { holdsDraws: true });
    cache.set('causes', Buffer.from('2'), 60);
    version = 'b';
    now = 999;
    await cache.checkVersions();
    expect(asked).toBe(1);
    expect(cache.get('offers')?.toString()).toBe('1');
    now = 1_000;
    const generation = cache.generation;
    await Promise.all([cache.checkVersions(), cache.checkVersions()]);
    expect(asked).toBe(2);
    expect(cache.get('offers')).toBeUndefined();
    expect(cache.get('causes')?.toString()).toBe('2');
    expect(cache.generation).toBe(generation + 1);
  });

  it('drops the entries holding content once the content version moves, in the same check as the draws', async () => {
    let now = 0;
    const versions = { draws: 'a', content: 'a' };
    const asked = { draws: 0, content: 0 };
    const cache = new ResponseCache(() => now);
    cache.watchDraws(async () => {
      asked.draws += 1;
      return versions.draws;
    });
    cache.watchContent(async () => {
      asked.content += 1;
      return versions.content;
    });
    await cache.checkVersions();
    cache.set('offers', Buffer.from('1'), 1_080, { holdsDraws: true });
    cache.set('navigation', Buffer.from('2'), 86_400, { holdsContent: true });
    cache.set('theme', Buffer.from('3'), 600);
    versions.content = 'b';
    now = 999;
    expect(cache.checkDue()).toBe(false);
    now = 1_000;
    expect(cache.checkDue()).toBe(true);
    await Promise.all([cache.checkVersions(), cache.checkVersions()]);
    expect(asked).toEqual({ draws: 2, content: 2 });
    expect(cache.get('navigation')).toBeUndefined();
    expect(cache.get('offers')?.toString()).toBe('1');
    expect(cache.get('theme')?.toString()).toBe('3');
  });

  it('tells clients to keep an answer holding content a few seconds, whatever its lifetime', () => {
    const cache = new ResponseCache(() => 0);
    const navigation = cache.entry(Buffer.from('1'), 86_400, { holdsContent: true });
    expect(cache.cacheControl(navigation)).toBe(`public, max-age=${DRAWS_MAX_AGE_SECONDS}`);
    expect(cache.cacheControl(cache.entry(Buffer.from('2'), 600))).toBe('public, max-age=600');
  });
});
