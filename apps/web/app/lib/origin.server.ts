/**
 * Cross-site request forgery: a form post (or any other unsafe method) must come from a page of
 * this site. Browsers send Origin on every POST; when it names another site, or Fetch Metadata says
 * the request is cross-site, the answer is 403. A request with neither header (not from a browser)
 * passes: it carries no cookies an attacker could borrow.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The hosts this site answers as: the Host header, X-Forwarded-Host behind a trusted proxy
 * (TRUST_PROXY=1), and the hosts of WEB_BASE_URL and ALLOWED_ORIGINS (comma-separated).
 */
function siteHosts(request: Request, env: NodeJS.ProcessEnv): Set<string> {
  const hosts = new Set<string>([(request.headers.get('Host') ?? new URL(request.url).host).toLowerCase()]);
  const forwarded = request.headers.get('X-Forwarded-Host')?.split(',')[0]?.trim();
  if (forwarded && env.TRUST_PROXY === '1') hosts.add(forwarded.toLowerCase());
  for (const origin of [env.WEB_BASE_URL, ...(env.ALLOWED_ORIGINS ?? '').split(',')]) {
    if (!origin?.trim()) continue;
    try {
      hosts.add(new URL(origin.trim()).host.toLowerCase());
    } catch {
      // Not a URL: ignored.
    }
  }
  return hosts;
}

export function isCrossSite(request: Request, env: NodeJS.ProcessEnv = process.env): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.get('Origin') ?? request.headers.get('Referer');
  if (origin === null) return false;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return true;
    return !siteHosts(request, env).has(from.host.toLowerCase());
  } catch {
    // "null" (a sandboxed or privacy-sensitive context) and anything unreadable are refused.
    return true;
  }
}

/**
 * Apple answers a sign-in by posting a form from its own site (response_mode=form_post) to the
 * landing page, which only keeps the answer for the redirect that follows; that request, with the
 * visitor's cookies, checks the answer belongs to a sign-in this browser started.
 */
export const APPLE_ANSWER_PATH = /^\/social-authentication\/apple$/;

export function checkOrigin(request: Request): Response | undefined {
  if (APPLE_ANSWER_PATH.test(new URL(request.url).pathname)) return undefined;
  if (!isCrossSite(request)) return undefined;
  return new Response('Forbidden: this form was sent from another site.', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
