/**
 * Promo codes in the back office (content role): the list found by code with use counts, one code,
 * create and edit (docs/api/back-office.md).
 */
import {
  AdminPromotionBodySchema,
  AdminPromotionListSchema,
  AdminPromotionQuerySchema,
  AdminPromotionSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf } from '../operators/index.ts';
import { createPromotionsAdmin } from './promotions-admin.service.ts';

const IdParamsSchema = z.object({ id: z.string().max(40) });

export const promotionsAdminModule: FastifyPluginAsyncZod = async (app) => {
  const promotions = createPromotionsAdmin({ db: app.deps.db });
  const preValidation = app.operatorAuth('content');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];
  const one = { 200: envelope(AdminPromotionSchema), ...failures(400, 404, 409) };

  app.get(
    '/promotions',
    {
      config,
      preValidation,
      schema: {
        tags,
        querystring: AdminPromotionQuerySchema,
        response: { 200: envelope(AdminPromotionListSchema) },
      },
    },
    async (request) => ok(await promotions.list(request.query.q, request.query.page, request.query.limit)),
  );

  app.get(
    '/promotions/:id',
    { config, preValidation, schema: { tags, params: IdParamsSchema, response: one } },
    async (request) => ok(await promotions.show(request.params.id)),
  );

  app.post(
    '/promotions',
    { config, preValidation, schema: { tags, body: AdminPromotionBodySchema, response: one } },
    async (request) => ok(await promotions.create(actorOf(request), request.body)),
  );

  app.patch(
    '/promotions/:id',
    {
      config,
      preValidation,
      schema: { tags, params: IdParamsSchema, body: AdminPromotionBodySchema, response: one },
    },
    async (request) => ok(await promotions.update(actorOf(request), request.params.id, request.body)),
  );
};
