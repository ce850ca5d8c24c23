import { describe, expect, it } from 'vitest';
import { once, sameRequestKey } from './in-flight.server';

describe('once', () => {
  it('shares the work of requests that arrive together', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    const key = sameRequestKey('t', 'a', Math.random());
    expect(await Promise.all([once(key, work), once(key, work)])).toEqual([1, 1]);
    expect(await once(key, work, 0)).toBe(1);
  });

  it('forgets a failure at once', async () => {
    const key = sameRequestKey('t', 'b', Math.random());
    await expect(once(key, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await once(key, async () => 'yes')).toBe('yes');
  });

  it('keys hash their parts, so secrets are not kept as text', () => {
    const key = sameRequestKey('login', 'device', 'a@b.co', 'my secret password');
    expect(key).not.toContain('secret');
    expect(key).not.toBe(sameRequestKey('login', 'device', 'a@b.co', 'my secret passwore'));
  });
});
