/**
 * Raffles in the back office (content role): the list, one raffle with its draws' sales and proof,
 * a new raffle and an edit of one (docs/api/back-office.md). An edit drops this process's cached
 * answers at once.
 */
import {
  AdminRaffleBodySchema,
  AdminRaffleEditBodySchema,
  AdminRaffleListSchema,
  AdminRaffleQuerySchema,
  AdminRaffleSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf, adminServiceDeps } from '../operators/index.ts';
import { createRafflesAdmin } from './raffles-admin.service.ts';

const KeyParamsSchema = z.object({ key: z.string().max(80) });

export const rafflesAdminModule: FastifyPluginAsyncZod = async (app) => {
  const raffles = createRafflesAdmin(adminServiceDeps(app));
  const preValidation = app.operatorAuth('content');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];
  const one = { 200: envelope(AdminRaffleSchema), ...failures(400, 404, 409) };

  app.get(
    '/raffles',
    {
      config,
      preValidation,
      schema: {
        tags,
        querystring: AdminRaffleQuerySchema,
        response: { 200: envelope(AdminRaffleListSchema) },
      },
    },
    async (request) => ok(await raffles.list(request.query)),
  );

  app.get(
    '/raffles/:key',
    { config, preValidation, schema: { tags, params: KeyParamsSchema, response: one } },
    async (request) => ok(await raffles.show(request.params.key)),
  );

  app.post(
    '/raffles',
    { config, preValidation, schema: { tags, body: AdminRaffleBodySchema, response: one } },
    async (request) => ok(await raffles.create(actorOf(request), request.body)),
  );
  app.patch(
    '/raffles/:key',
    {
      config,
      preValidation,
      schema: { tags, params: KeyParamsSchema, body: AdminRaffleEditBodySchema, response: one },
    },
    async (request) => ok(await raffles.edit(actorOf(request), request.params.key, request.body)),
  );
};
