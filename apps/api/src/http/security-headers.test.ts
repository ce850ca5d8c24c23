import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { JSON_ANSWER_HEADERS, registerSecurityHeaders } from './security-headers.ts';

// @fastify/helmet, which these headers replace, is the reference pages are checked against. Loaded
// without its types: it declares the same route option as security-headers.ts.
const fastifyHelmet: FastifyPluginAsync<{ global: boolean }> = createRequire(import.meta.url)(
  '@fastify/helmet',
);

const PAGE = {
  frameguard: false as const,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ['https://shop.example'], baseUri: ["'none'"] },
  },
};

async function build(register: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  await register(app);
  app.get('/plain', async () => ({ ok: true }));
  app.get('/page', { helmet: PAGE }, async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  app.get('/bare', { helmet: false }, async () => 'bare');
  app.get('/docs/', async (_request, reply) => reply.type('text/html').send('<p>docs</p>'));
  app.get('/own', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'; sandbox").send('own'),
  );
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

const ours = await build(async (app) => registerSecurityHeaders(app));
const reference = await build(async (app) => {
  await app.register(fastifyHelmet, { global: true });
});
afterAll(() => Promise.all([ours.close(), reference.close()]));

async function headersOf(app: FastifyInstance, url: string) {
  const { headers, statusCode } = await app.inject({ method: 'GET', url });
  const { date: _date, 'content-length': _length, connection: _connection, ...rest } = headers;
  return { statusCode, headers: rest };
}

describe('security headers', () => {
  it("are helmet's, as @fastify/helmet set them, on pages: the docs, a route's own options, none", async () => {
    for (const url of ['/page', '/bare', '/docs/']) {
      expect(await headersOf(ours, url), url).toEqual(await headersOf(reference, url));
    }
    const page = await headersOf(ours, '/page');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://shop.example');
    expect((await headersOf(ours, '/docs/')).headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await headersOf(ours, '/bare')).headers['x-content-type-options']).toBeUndefined();
  });

  it("are a JSON API's on JSON answers, 404s and errors: nothing allowed, no framing, no sniffing", async () => {
    const expected = Object.fromEntries(JSON_ANSWER_HEADERS);
    for (const url of ['/plain', '/fails', '/missing']) {
      const { headers } = await headersOf(ours, url);
      expect(headers, url).toMatchObject(expected);
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
    expect(expected['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(expected['x-frame-options']).toBe('DENY');
    // A route that sets its own policy keeps it.
    expect((await headersOf(ours, '/own')).headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox",
    );
  });
});
