/**
 * Helmet's security headers on every answer, worked out once per configuration: helmet's defaults,
 * or a route's own options (`helmet` in its options, as the payment pages have; `false` for none).
 * @fastify/helmet built helmet's middleware again, every directive parsed, for every request: a
 * large part of what a cached catalogue answer cost.
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
    /** The headers of a route with helmet options of its own. */
    securityHeaders?: HeaderList;
  }
}

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
  const common = helmetHeaders({});
  app.addHook('onRoute', (route) => {
    const own = route.helmet;
    if (own === undefined) return;
    route.config = {
      ...route.config,
      securityHeaders: own === false ? [] : helmetHeaders(own),
    };
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config?.securityHeaders ?? common;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
