import { EmptyResultSchema, MailboxSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';

/**
 * The development mailbox: what the local SMTP catcher received, reset links and codes of every
 * customer. Only with DEV_MAILBOX=1, which a production start refuses.
 */
export const mailboxModule: FastifyPluginAsyncZod = async (app) => {
  const catcher = app.deps.mailCatcher;
  if (!catcher || !app.deps.config.devMailbox || app.deps.config.production) return;
  app.get('/dev/mailbox', { schema: { hide: true, response: { 200: envelope(MailboxSchema) } } }, async () =>
    ok({ messages: catcher.messages() }),
  );
  app.delete(
    '/dev/mailbox',
    { schema: { hide: true, response: { 200: envelope(EmptyResultSchema) } } },
    async () => {
      catcher.clear();
      return ok({});
    },
  );
};
