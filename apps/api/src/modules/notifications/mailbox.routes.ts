import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';

/** The development mailbox: what the local SMTP catcher received. Never registered in production. */
export const mailboxModule: FastifyPluginAsyncZod = async (app) => {
  const catcher = app.deps.mailCatcher;
  if (!catcher) return;
  app.get('/dev/mailbox', { schema: { hide: true } }, async () => ok({ messages: catcher.messages() }));
  app.delete('/dev/mailbox', { schema: { hide: true } }, async () => {
    catcher.clear();
    return ok({});
  });
};
