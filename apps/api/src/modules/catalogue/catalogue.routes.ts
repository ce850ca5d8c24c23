import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_TTL, cached } from '../../http/cache.ts';
import { snakeReplacer } from '../../http/case.ts';
import { ok, type PageInfo } from '../../http/envelope.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import {
  CauseParamsSchema,
  CausesQuerySchema,
  LotteryParamsSchema,
  PricingParamsSchema,
  ProductOffersQuerySchema,
} from './catalogue.schemas.ts';
import { createCatalogueService } from './catalogue.service.ts';

/**
 * Like `cached`, for an answer with page info. The key is the request's version, path and sorted
 * query (without clear_cache), the same as `cached` uses, under a prefix of its own.
 */
async function cachedPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlSeconds: number,
  load: () => Promise<{ result: T; pageInfo: PageInfo }>,
): Promise<string> {
  const cache = request.server.responseCache;
  const [path, query = ''] = request.url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  const clear = params.has('clear_cache');
  params.delete('clear_cache');
  params.sort();
  const rest = params.toString();
  const key = `page|${request.apiVersion}|${path}${rest ? `?${rest}` : ''}`;
  if (clear) cache.delete(key);
  let body = cache.get(key);
  if (body === undefined) {
    const { result, pageInfo } = await load();
    body = JSON.stringify(ok(result, { pageInfo }), snakeReplacer);
    cache.set(key, body, ttlSeconds);
  }
  reply.header('cache-control', `public, max-age=${ttlSeconds}`);
  reply.type('application/json; charset=utf-8');
  return body;
}

/**
 * Answers are cached, already serialised, by `cached`; so the routes declare no response schema (the
 * serialiser never sees the string body). The shapes are the *Schema types of catalogue.schemas.ts,
 * which the service's return types follow and the integration tests parse every answer with.
 */

/** The catalogue under /v2: config, capabilities, pricings, product offers, branding, tips, statistics, causes. */
export const catalogueModule: FastifyPluginAsyncZod = async (app) => {
  const service = createCatalogueService(
    createCatalogueRepository(app.deps.db),
    () => app.deps.now?.() ?? new Date(),
  );
  const tags = ['catalogue'];

  app.get('/config', { schema: { tags } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.default, () => service.config()),
  );

  app.get('/capabilities', { schema: { tags } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.default, () => service.capabilities()),
  );

  app.get('/info/pricing/', { schema: { tags } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.default, () => service.pricingInfo()),
  );

  app.get(
    '/pricing/:pricingName/product_offers',
    {
      config: { minVersion: '3.9' },
      schema: { tags, params: PricingParamsSchema },
    },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.productOffers, () =>
        service.pricingProductOffers(request.params.pricingName),
      ),
  );

  app.get(
    '/product_offers',
    { schema: { tags, querystring: ProductOffersQuerySchema } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.productOffers, () => service.productOffers(request.query.pricing)),
  );

  app.get('/branding', { schema: { tags } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.branding, () => service.branding()),
  );

  app.get('/tips', { schema: { tags } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.tips, () => service.tips()),
  );

  app.get(
    '/statistics/:lotteryKey',
    { schema: { tags, params: LotteryParamsSchema } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.default, () => service.statistics(request.params.lotteryKey)),
  );

  app.get('/causes', { schema: { tags, querystring: CausesQuerySchema } }, async (request, reply) =>
    cachedPage(request, reply, CACHE_TTL.default, () => service.causes(request.query)),
  );

  app.get('/causes/:key', { schema: { tags, params: CauseParamsSchema } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.default, () => service.cause(request.params.key)),
  );
};
