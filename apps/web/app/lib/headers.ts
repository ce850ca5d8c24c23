/** Route `headers` for pages with personal content: never stored by browsers, proxies or the render cache. */
export function privateHeaders(): HeadersInit {
  return { 'Cache-Control': 'private, no-store' };
}
