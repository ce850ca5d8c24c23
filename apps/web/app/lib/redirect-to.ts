/**
 * Where to send a visitor after signing in: only a path on this site. Anything else (another
 * origin, a protocol-relative or backslash URL, control characters, the sign-in pages themselves,
 * the Apple and Google landing page) gives the fallback.
 */
const LOOPING = /^\/(login|logout|social-authentication)(\/|$|\?|#)/i;

export function safeRedirectTo(value: unknown, fallback = '/my-account'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://drawhouse.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://drawhouse.invalid') return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (LOOPING.test(path)) return fallback;
  return path;
}

/** The sign-in page that comes back to this path afterwards. */
export function loginUrlFor(path: string): string {
  const back = safeRedirectTo(path, '');
  return back && back !== '/' ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login';
}

/** The page of this site a form was posted from (its Referer), else the fallback. */
export function backToReferer(request: Request, fallback: string): string {
  const back = request.headers.get('Referer');
  if (!back) return fallback;
  try {
    const url = new URL(back);
    if (url.host !== new URL(request.url).host) return fallback;
    return safeRedirectTo(`${url.pathname}${url.search}`, fallback);
  } catch {
    return fallback;
  }
}
