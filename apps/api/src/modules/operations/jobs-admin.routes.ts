/**
 * Jobs in the back office (admin role): the queues with their counts by state, failed jobs, and the
 * outbox's dead deliveries; retrying one is audited in the same transaction (docs/api/back-office.md).
 */
import { AdminJobsSchema, RetriedSchema, RetryDeliveryBodySchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { ADMIN_RATE_LIMIT, actorOf, recordAudit } from '../operators/index.ts';
import { outboxRepository } from '../outbox/index.ts';
import { jobsRepository } from './jobs.repository.ts';

const JobParamsSchema = z.object({ name: z.string().max(100), id: z.string().max(40) });
const EventParamsSchema = z.object({ eventId: z.string().max(20) });

export const jobsAdminModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const preValidation = app.operatorAuth('admin');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];

  app.get(
    '/jobs',
    { config, preValidation, schema: { tags, response: { 200: envelope(AdminJobsSchema) } } },
    async () => {
      const jobs = jobsRepository(db);
      const [queues, failedJobs, dead] = await Promise.all([
        jobs.queues(),
        jobs.failed(100),
        outboxRepository(db).dead(100),
      ]);
      return ok({
        queues,
        failedJobs,
        failedDeliveries: dead.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
      });
    },
  );

  app.post(
    '/jobs/:name/:id/retry',
    {
      config,
      preValidation,
      schema: { tags, params: JobParamsSchema, response: { 200: envelope(RetriedSchema), ...failures(404) } },
    },
    async (request) => {
      const { name, id } = request.params;
      const retried = isUuid(id)
        ? await db.transaction(async (tx) => {
            const n = await jobsRepository(tx).retry(name, id);
            if (n > 0)
              await recordAudit(tx, actorOf(request), {
                action: 'job.retried',
                targetType: 'job',
                targetId: id,
                after: { queue: name },
              });
            return n;
          })
        : 0;
      if (retried === 0) throw new AppError(404, 'job_not_found', `There is no failed job ${id} in ${name}.`);
      return ok({ retried });
    },
  );

  app.post(
    '/outbox/:eventId/retry',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: EventParamsSchema,
        body: RetryDeliveryBodySchema,
        response: { 200: envelope(RetriedSchema), ...failures(404) },
      },
    },
    async (request) => {
      const eventId = /^\d{1,15}$/.test(request.params.eventId) ? Number(request.params.eventId) : 0;
      const { subscriber } = request.body;
      const retried =
        eventId > 0
          ? await db.transaction(async (tx) => {
              const n = await outboxRepository(tx).retryDead({ eventId, subscriber });
              if (n > 0) {
                await recordAudit(tx, actorOf(request), {
                  action: 'outbox.retried',
                  targetType: 'outbox_event',
                  targetId: String(eventId),
                  after: { subscriber: subscriber ?? null, deliveries: n },
                });
              }
              return n;
            })
          : 0;
      if (retried === 0)
        throw new AppError(
          404,
          'delivery_not_found',
          `Event ${request.params.eventId} has no failed delivery.`,
        );
      return ok({ retried });
    },
  );
};
