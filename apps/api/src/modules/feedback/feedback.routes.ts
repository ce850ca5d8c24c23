/**
 * `POST /v2/event`: the feedback modal's event (docs/api/feedback.md), for guests and customers,
 * behind the `feedback` capability of the visitor's (or customer's) segment (404 without it), limited
 * per address. `GET /admin/feedback`: support reads them, filtered by rating.
 */
import {
  AdminFeedbackListSchema,
  AdminFeedbackQuerySchema,
  FeedbackEventBodySchema,
  FeedbackEventResultSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { ADMIN_RATE_LIMIT } from '../operators/index.ts';
import { createFeedbackService } from './feedback.service.ts';

/** Ten events a minute from one address: a person sends one now and then. */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

export const feedbackModule: FastifyPluginAsyncZod = async (app) => {
  const requireCapability = capabilityGate(app.deps.db);
  const feedback = createFeedbackService({ db: app.deps.db, now: () => app.deps.now?.() ?? new Date() });

  app.post(
    '/event',
    {
      config: { rateLimit: FEEDBACK_RATE_LIMIT },
      preValidation: app.accounts.authenticate.optional,
      schema: {
        tags: ['feedback'],
        body: FeedbackEventBodySchema,
        response: { 201: envelope(FeedbackEventResultSchema), ...failures(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const customer = request.customer?.customer;
      await requireCapability(request, 'feedback', {
        code: 'feedback_unavailable',
        message: 'Feedback is not taken here.',
      });
      const stored = await feedback.record(request.body, {
        customerId: customer?.id ?? null,
        subVariant: request.client.subVariant ?? null,
      });
      return reply.status(201).send(ok(stored));
    },
  );
};

export const feedbackAdminModule: FastifyPluginAsyncZod = async (app) => {
  const feedback = createFeedbackService({ db: app.deps.db, now: () => app.deps.now?.() ?? new Date() });
  app.get(
    '/feedback',
    {
      config: { rateLimit: ADMIN_RATE_LIMIT },
      preValidation: app.operatorAuth('support'),
      schema: {
        tags: ['admin'],
        querystring: AdminFeedbackQuerySchema,
        response: { 200: envelope(AdminFeedbackListSchema) },
      },
    },
    async (request) => {
      const { rating, page, limit } = request.query;
      return ok(await feedback.list(rating, page, limit));
    },
  );
};
