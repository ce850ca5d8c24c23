/**
 * Results under /v2 (docs/api/results.md): result keys, an offer's past draws, the archive by month
 * (API 3.7), a draw's full result, details (API 3.6), prizes, winners and preview.
 */
import {
  DrawDetailsSchema,
  DrawPreviewSchema,
  DrawPrizesSchema,
  DrawWinnerListSchema,
  PastDrawListSchema,
  PastDrawSchema,
  ResultKeysSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_TTL, cached, cachedEnvelope } from '../../http/cache.ts';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { resultsRepository } from './results.repository.ts';
import {
  ArchiveParamsSchema,
  ArchiveQuerySchema,
  DrawParamsSchema,
  PricingOfferParamsSchema,
  PricingParamsSchema,
  ResultsPageQuerySchema,
  WinnersQuerySchema,
} from './results.schemas.ts';
import { createResultsService } from './results.service.ts';

/**
 * Answers that change when a draw's results are published, scored or paid: kept briefly, so a new
 * result shows within seconds (which offers have results is kept 24 h, as the spec says).
 */
export const RESULTS_TTL_SECONDS = 15;

/** Every results answer holds draws: it goes as soon as a draw is published (or otherwise moves). */
const DRAWS = { holdsDraws: true } as const;

export const resultsModule: FastifyPluginAsyncZod = async (app) => {
  const service = createResultsService(resultsRepository(app.deps.db));
  const requireCapability = capabilityGate(app.deps.db);
  const tags = ['results'];
  const notFoundToo = failures(404);

  app.get(
    '/past/result_keys',
    { schema: { tags, response: { 200: envelope(ResultKeysSchema) } } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.drawResultKeys, () => service.resultKeys(null), DRAWS),
  );

  app.get(
    '/draws/pricing/:pricingId/past/result_keys',
    {
      schema: {
        tags,
        params: PricingParamsSchema,
        response: { 200: envelope(ResultKeysSchema), ...notFoundToo },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        CACHE_TTL.drawResultKeys,
        () => service.resultKeys(request.params.pricingId),
        DRAWS,
      ),
  );

  app.get(
    '/draws/pricing/:pricingId/past/:offer',
    {
      schema: {
        tags,
        params: PricingOfferParamsSchema,
        querystring: ResultsPageQuerySchema,
        response: { 200: envelope(PastDrawListSchema), ...notFoundToo },
      },
    },
    async (request, reply) =>
      cachedEnvelope(
        request,
        reply,
        RESULTS_TTL_SECONDS,
        async () => {
          const page = await service.pastDraws(
            request.params.pricingId,
            request.params.offer,
            request.query.limit,
            request.query.offset,
          );
          return ok(page.items, { pageInfo: page.pageInfo });
        },
        DRAWS,
      ),
  );

  app.get(
    '/draws/past/archived/:offer/:year/:month',
    {
      config: { minVersion: '3.7' },
      schema: {
        tags,
        params: ArchiveParamsSchema,
        querystring: ArchiveQuerySchema,
        response: { 200: envelope(PastDrawListSchema), ...notFoundToo },
      },
      preValidation: app.accounts.authenticate.optional,
    },
    async (request, reply) => {
      const { offer } = request.params;
      const [year, month] = [Number(request.params.year), Number(request.params.month)];
      const { customerId, ...query } = request.query;
      const load = async () => {
        const page = await service.archive(offer, year, month, { ...query, customerId: customerId ?? null });
        return ok(page.items, { pageInfo: page.pageInfo });
      };
      if (customerId === undefined) return cachedEnvelope(request, reply, RESULTS_TTL_SECONDS, load, DRAWS);
      // One customer's draws: only to that customer, never cached.
      if (request.customer?.customer.id !== customerId) {
        throw notFound('customer_not_found', 'There is no customer with this id.');
      }
      reply.header('cache-control', 'private, no-store');
      return load();
    },
  );

  app.get(
    '/draw/full_result/:offer/:drawNo',
    {
      schema: { tags, params: DrawParamsSchema, response: { 200: envelope(PastDrawSchema), ...notFoundToo } },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        RESULTS_TTL_SECONDS,
        () => service.fullResult(request.params.offer, request.params.drawNo),
        DRAWS,
      ),
  );

  app.get(
    '/draw/details/:offer/:drawNo',
    {
      config: { minVersion: '3.6' },
      schema: {
        tags,
        params: DrawParamsSchema,
        response: { 200: envelope(DrawDetailsSchema), ...notFoundToo },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        RESULTS_TTL_SECONDS,
        () => service.details(request.params.offer, request.params.drawNo),
        DRAWS,
      ),
  );

  app.get(
    '/draw/details/:offer/:drawNo/prizes',
    {
      schema: {
        tags,
        params: DrawParamsSchema,
        response: { 200: envelope(DrawPrizesSchema), ...notFoundToo },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        RESULTS_TTL_SECONDS,
        () => service.prizes(request.params.offer, request.params.drawNo),
        DRAWS,
      ),
  );

  app.get(
    '/draw/details/:offer/:drawNo/winners',
    {
      schema: {
        tags,
        params: DrawParamsSchema,
        querystring: WinnersQuerySchema,
        response: { 200: envelope(DrawWinnerListSchema), ...notFoundToo },
      },
    },
    async (request, reply) => {
      const { limit, offset, search } = request.query;
      if (search !== undefined) await requireCapability(request, 'winner_search');
      return cachedEnvelope(
        request,
        reply,
        RESULTS_TTL_SECONDS,
        async () => {
          const { offer, drawNo } = request.params;
          const page = await service.winners(offer, drawNo, limit, offset, search);
          return ok(page.items, { pageInfo: page.pageInfo });
        },
        DRAWS,
      );
    },
  );

  app.get(
    '/draw/preview/:offer/:drawNo',
    {
      schema: {
        tags,
        params: DrawParamsSchema,
        response: { 200: envelope(DrawPreviewSchema), ...notFoundToo },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        RESULTS_TTL_SECONDS,
        () => service.preview(request.params.offer, request.params.drawNo),
        DRAWS,
      ),
  );
};
