import { EmptyResultSchema, MailboxSchema } from '@drawhouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The development mailbox: what the local SMTP catcher received, reset links and codes of every
 * customer. Only with DEV_MAILBOX=1, which a production start refuses, and only to a request signed
 * with an app's secret (the storefront's): anyone else reaching the demo API reads no one's mail.
 */
export const mailboxModule: FastifyPluginAsyncZod = async (app) => {
  const catcher = app.deps.mailCatcher;
  if (!catcher || !app.deps.config.devMailbox || app.deps.config.production) return;
  const signedOnly = async (request: FastifyRequest) => {
    if (!request.client.appKey) {
      throw new AppError(
        401,
        'signature_required',
        "The development mailbox answers requests signed with an app's secret only.",
      );
    }
  };
  app.get(
    '/dev/mailbox',
    { schema: { hide: true, response: { 200: envelope(MailboxSchema) } }, preValidation: signedOnly },
    async () => ok({ messages: catcher.messages() }),
  );
  app.delete(
    '/dev/mailbox',
    { schema: { hide: true, response: { 200: envelope(EmptyResultSchema) } }, preValidation: signedOnly },
    async () => {
      catcher.clear();
      return ok({});
    },
  );
};
