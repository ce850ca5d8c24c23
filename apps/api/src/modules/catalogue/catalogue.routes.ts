import {
  BrandingSchema,
  CapabilitiesSchema,
  CauseSchema,
  CausesSchema,
  ConfigSchema,
  PricingInfoSchema,
  ProductOffersSchema,
  StatisticsSchema,
  TipsSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_TTL, type CachedOptions, cached, cachedEnvelope } from '../../http/cache.ts';
import { envelope, failures, ok } from '../../http/envelope.ts';
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
 * Product offers list their draws on sale: the answer goes when a draw changes state and, by the
 * clock, at the soonest stop among them (a draw is never offered past its stop).
 */
const OFFERS_CACHE: CachedOptions<{ offers: { draws: { stop: string }[] }[] }> = {
  holdsDraws: true,
  until: (result) => soonestStop(result.offers.flatMap((o) => o.draws.map((d) => d.stop))),
};

/** The soonest of ISO instants, or null without any. */
function soonestStop(stops: readonly string[]): Date | null {
  const times = stops.map((s) => Date.parse(s)).filter((t) => Number.isFinite(t));
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/** The catalogue under /v2: config, capabilities, pricings, product offers, branding, tips, statistics, causes. */
export const catalogueModule: FastifyPluginAsyncZod = async (app) => {
  const service = createCatalogueService(
    createCatalogueRepository(app.deps.db),
    () => app.deps.now?.() ?? new Date(),
  );
  const tags = ['catalogue'];

  app.get(
    '/config',
    { schema: { tags, response: { 200: envelope(ConfigSchema) } } },
    async (request, reply) => cached(request, reply, CACHE_TTL.default, () => service.config()),
  );

  app.get(
    '/capabilities',
    { schema: { tags, response: { 200: envelope(CapabilitiesSchema) } } },
    async (request, reply) => cached(request, reply, CACHE_TTL.default, () => service.capabilities()),
  );

  app.get(
    '/info/pricing/',
    { schema: { tags, response: { 200: envelope(PricingInfoSchema) } } },
    async (request, reply) => cached(request, reply, CACHE_TTL.default, () => service.pricingInfo()),
  );

  app.get(
    '/pricing/:pricingName/product_offers',
    {
      config: { minVersion: '3.9' },
      schema: { tags, params: PricingParamsSchema, response: { 200: envelope(ProductOffersSchema) } },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        CACHE_TTL.productOffers,
        () => service.pricingProductOffers(request.params.pricingName),
        OFFERS_CACHE,
      ),
  );

  app.get(
    '/product_offers',
    {
      schema: {
        tags,
        querystring: ProductOffersQuerySchema,
        response: { 200: envelope(ProductOffersSchema), ...failures(404) },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        CACHE_TTL.productOffers,
        () => service.productOffers(request.query.pricing),
        OFFERS_CACHE,
      ),
  );

  app.get(
    '/branding',
    { schema: { tags, response: { 200: envelope(BrandingSchema) } } },
    async (request, reply) => cached(request, reply, CACHE_TTL.branding, () => service.branding()),
  );

  app.get('/tips', { schema: { tags, response: { 200: envelope(TipsSchema) } } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.tips, () => service.tips()),
  );

  app.get(
    '/statistics/:lotteryKey',
    { schema: { tags, params: LotteryParamsSchema, response: { 200: envelope(StatisticsSchema) } } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.default, () => service.statistics(request.params.lotteryKey), {
        holdsDraws: true,
      }),
  );

  app.get(
    '/causes',
    { schema: { tags, querystring: CausesQuerySchema, response: { 200: envelope(CausesSchema) } } },
    async (request, reply) =>
      cachedEnvelope(request, reply, CACHE_TTL.default, async () => {
        const { result, pageInfo } = await service.causes(request.query);
        return ok(result, { pageInfo });
      }),
  );

  app.get(
    '/causes/:key',
    { schema: { tags, params: CauseParamsSchema, response: { 200: envelope(CauseSchema) } } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.default, () => service.cause(request.params.key)),
  );
};
