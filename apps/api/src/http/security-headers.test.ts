import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

// @fastify/helmet, which these headers replace, is the reference they are checked against. Loaded
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
  it("are helmet's, as @fastify/helmet set them, for the API's routes, a route's own options, none, 404s and errors", async () => {
    for (const url of ['/plain', '/page', '/bare', '/own', '/fails', '/missing']) {
      expect(await headersOf(ours, url), url).toEqual(await headersOf(reference, url));
    }
    const plain = await headersOf(ours, '/plain');
    expect(plain.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(plain.headers['content-security-policy']).toContain("object-src 'none'");
    const page = await headersOf(ours, '/page');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://shop.example');
    expect((await headersOf(ours, '/bare')).headers['x-content-type-options']).toBeUndefined();
  });
});
