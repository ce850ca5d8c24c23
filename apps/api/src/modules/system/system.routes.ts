import { DiscoverySchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failure, failures, ok } from '../../http/envelope.ts';
import { SERVICES } from '../../http/services.ts';

/** Discovery and health: what a client asks before anything else, and what a load balancer asks. */
export const systemModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/discover',
    {
      schema: {
        tags: ['system'],
        response: { 200: envelope(DiscoverySchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok({ services: [...SERVICES] });
    },
  );

  app.get(
    '/healthz',
    { schema: { tags: ['system'], response: { 200: envelope(z.object({ status: z.literal('ok') })) } } },
    async () => ok({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        response: { 200: envelope(z.object({ status: z.literal('ready') })), ...failures(503) },
      },
    },
    async (_request, reply) => {
      if (await app.deps.ping()) return ok({ status: 'ready' as const });
      return reply.status(503).send(failure(503, 'database_unavailable', 'The database is not reachable.'));
    },
  );
};
