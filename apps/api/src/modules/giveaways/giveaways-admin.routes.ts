/**
 * Giveaways in the back office (content role): the list, one giveaway, a new giveaway and an edit of
 * one before it opens (docs/api/back-office.md).
 */
import {
  AdminGiveawayBodySchema,
  AdminGiveawayDetailSchema,
  AdminGiveawayListSchema,
  AdminGiveawayQuerySchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf } from '../operators/index.ts';
import { createGiveawaysAdmin } from './giveaways-admin.service.ts';

const IdParamsSchema = z.object({ id: z.string().max(40).uuid() });

export const giveawaysAdminModule: FastifyPluginAsyncZod = async (app) => {
  const giveaways = createGiveawaysAdmin({ db: app.deps.db, now: () => app.deps.now?.() ?? new Date() });
  const preValidation = app.operatorAuth('content');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];
  const one = { 200: envelope(AdminGiveawayDetailSchema), ...failures(400, 404, 409) };

  app.get(
    '/giveaways',
    {
      config,
      preValidation,
      schema: {
        tags,
        querystring: AdminGiveawayQuerySchema,
        response: { 200: envelope(AdminGiveawayListSchema) },
      },
    },
    async (request) => ok(await giveaways.list(request.query)),
  );

  app.get(
    '/giveaways/:id',
    { config, preValidation, schema: { tags, params: IdParamsSchema, response: one } },
    async (request) => ok(await giveaways.show(request.params.id)),
  );

  app.post(
    '/giveaways',
    { config, preValidation, schema: { tags, body: AdminGiveawayBodySchema, response: one } },
    async (request) => ok(await giveaways.create(actorOf(request), request.body)),
  );

  app.patch(
    '/giveaways/:id',
    {
      config,
      preValidation,
      schema: { tags, params: IdParamsSchema, body: AdminGiveawayBodySchema, response: one },
    },
    async (request) => ok(await giveaways.edit(actorOf(request), request.params.id, request.body)),
  );
};
