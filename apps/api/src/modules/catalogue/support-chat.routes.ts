/**
 * The chat switch in the back office (support role, docs/api/back-office.md): read, and switched on
 * or off. A switch drops this process's cached answers, so the site config answers it at once.
 */
import { AdminSupportChatBodySchema, AdminSupportChatSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf, adminServiceDeps } from '../operators/index.ts';
import { createSupportChat } from './support-chat.service.ts';

export const supportChatAdminModule: FastifyPluginAsyncZod = async (app) => {
  const chat = createSupportChat(adminServiceDeps(app));
  const preValidation = app.operatorAuth('support');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];

  app.get(
    '/support/chat',
    { config, preValidation, schema: { tags, response: { 200: envelope(AdminSupportChatSchema) } } },
    async () => ok(await chat.show()),
  );

  app.patch(
    '/support/chat',
    {
      config,
      preValidation,
      schema: {
        tags,
        body: AdminSupportChatBodySchema,
        response: { 200: envelope(AdminSupportChatSchema), ...failures(400) },
      },
    },
    async (request) => ok(await chat.save(actorOf(request), request.body)),
  );
};
