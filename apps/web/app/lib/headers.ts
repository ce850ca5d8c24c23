/** Personal content: never stored by browsers, proxies or the render cache. */
export const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;

/** Route `headers` for pages with personal content. */
export function privateHeaders(): HeadersInit {
  return { ...NO_STORE };
}

/** The loader of a route that only takes posts: 405 with `Allow: POST`. */
export function postOnly(): Response {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}

/** A form field holding JSON of at most `maxLength` characters, parsed; undefined when absent or unreadable. */
export function jsonField(form: FormData, name: string, maxLength: number): unknown {
  const raw = form.get(name);
  if (typeof raw !== 'string' || raw.length > maxLength) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
