import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { markStable, RenderCache, renderCacheKey } from './render-cache.server';

function context(staticHandlerContext: Partial<EntryContext['staticHandlerContext']>): EntryContext {
  return {
    isSpaMode: false,
    staticHandlerContext: { loaderData: {}, actionData: null, errors: null, ...staticHandlerContext },
  } as unknown as EntryContext;
}

const bytes = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const page = (html: Uint8Array<ArrayBuffer>) => ({ html, nonceAt: [] });
const get = (url = 'https://d.test/') => new Request(url);

describe('renderCacheKey', () => {
  it('is the same for the same URL, status and data, and differs otherwise', () => {
    const a = renderCacheKey(get(), 200, context({ loaderData: { root: { n: 1 } } }));
    expect(a).toBe(renderCacheKey(get(), 200, context({ loaderData: { root: { n: 1 } } })));
    expect(a).not.toBe(renderCacheKey(get(), 200, context({ loaderData: { root: { n: 2 } } })));
    expect(a).not.toBe(
      renderCacheKey(get('https://d.test/x'), 200, context({ loaderData: { root: { n: 1 } } })),
    );
    expect(a).not.toBe(renderCacheKey(get(), 404, context({ loaderData: { root: { n: 1 } } })));
  });

  it('keeps route error responses but not actions, other methods or unexpected errors', () => {
    const notFound = { status: 404, statusText: 'Not Found', data: null, internal: false };
    expect(renderCacheKey(get(), 404, context({ errors: { root: notFound } }))).not.toBeNull();
    expect(renderCacheKey(get(), 500, context({ errors: { root: new Error('boom') } }))).toBeNull();
    expect(renderCacheKey(get(), 200, context({ actionData: { root: { ok: true } } }))).toBeNull();
    expect(renderCacheKey(new Request('https://d.test/', { method: 'POST' }), 200, context({}))).toBeNull();
  });
});

describe('RenderCache', () => {
  it('drops the least recently used pages beyond its bounds', () => {
    const cache = new RenderCache({ maxEntries: 2, maxBytes: 1000 });
    cache.set('a', page(bytes('A')));
    cache.set('b', page(bytes('B')));
    expect(cache.get('a')?.html).toEqual(bytes('A'));
    cache.set('c', page(bytes('C')));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.html).toEqual(bytes('A'));
    cache.set('big', page(new Uint8Array(2000)));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});

describe('stable loader results', () => {
  it('are named by identity, so equal text in a new object is a different key', () => {
    const payload = markStable({ shell: '{"siteName":"Drawhouse"}' });
    const a = renderCacheKey(get(), 200, context({ loaderData: { root: payload } }));
    expect(a).toBe(renderCacheKey(get(), 200, context({ loaderData: { root: payload } })));
    expect(a).not.toContain('siteName');
    const copy = { ...payload };
    expect(renderCacheKey(get(), 200, context({ loaderData: { root: copy } }))).not.toBe(a);
  });
});
