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
});
