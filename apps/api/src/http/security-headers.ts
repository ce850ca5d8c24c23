/**
 * The security headers of every answer, worked out once per kind of answer (ADR 045):
 * - the API's JSON answers get the headers a JSON API needs (OWASP's list for REST services): a
 *   policy that allows nothing and no framing, no sniffing, no referrer, HSTS, and a resource
 *   policy that keeps other sites from including them. Helmet's headers for pages (opener and
 *   agent cluster policies, DNS prefetching, download and cross-domain options, the XSS auditor)
 *   mean nothing for JSON and cost every client their bytes on every answer;
 * - the pages the API serves itself keep helmet's headers: the documentation under /docs, and a
 *   route's own helmet options (`helmet` in its options, as the payment sandbox's pages have;
 *   `false` for none).
 * @fastify/helmet built helmet's middleware again, every directive parsed, for every request.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderList = readonly (readonly [string, string])[];

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** The route's own helmet options, over the API's; `false`: no security headers. */
    helmet?: HelmetOptions | false;
  }
  interface FastifyContextConfig {
    /** The headers of a route that does not answer JSON: a page of its own. */
    securityHeaders?: HeaderList;
  }
}

/** The headers of the API's JSON answers. */
export const JSON_ANSWER_HEADERS: HeaderList = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/** The pages of the API's documentation (Swagger UI and its files). */
const DOCS = /^\/docs(\/|$)/;

/** The headers helmet sets with these options, read from a response that is never sent. */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/** Registered on the root instance, so every answer (404s included) gets the headers. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pages = helmetHeaders({});
  app.addHook('onRoute', (route) => {
    const own = route.helmet;
    const headers =
      own !== undefined
        ? own === false
          ? []
          : helmetHeaders(own)
        : DOCS.test(route.url)
          ? pages
          : undefined;
    if (headers !== undefined) route.config = { ...route.config, securityHeaders: headers };
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config?.securityHeaders ?? JSON_ANSWER_HEADERS;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
