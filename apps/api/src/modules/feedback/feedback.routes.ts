/**
 * `POST /v2/event`: the feedback modal's event (docs/api/feedback.md), for guests and customers,
 * behind the `feedback` capability of the visitor's (or customer's) segment (404 without it), limited
 * per address; the content service's `POST /cms/items/feedback` takes the same event. `GET
 * /admin/feedback`: support reads them, filtered by rating.
 */
import {
  AdminFeedbackListSchema,
  AdminFeedbackQuerySchema,
  FeedbackCollectionParamsSchema,
  type FeedbackEventBody,
  FeedbackEventBodySchema,
  FeedbackEventResultSchema,
} from '@drawhouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { ADMIN_RATE_LIMIT } from '../operators/index.ts';
import { createFeedbackService } from './feedback.service.ts';

/** Ten events a minute from one address: a person sends one now and then. */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/** The event route's options and handler, shared by `POST /v2/event` and `POST /cms/items/feedback`. */
function feedbackEventRoute(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const requireCapability = capabilityGate(app.deps.db);
  const feedback = createFeedbackService({ db: app.deps.db, now: () => app.deps.now?.() ?? new Date() });
  return {
    options: {
      config: { rateLimit: FEEDBACK_RATE_LIMIT },
      schema: {
        tags: ['feedback'],
        body: FeedbackEventBodySchema,
        response: { 201: envelope(FeedbackEventResultSchema), ...failures(400, 404, 429) },
      },
    },
    async record(request: FastifyRequest & { body: FeedbackEventBody }) {
      await requireCapability(request, 'feedback', {
        code: 'feedback_unavailable',
        message: 'Feedback is not taken here.',
      });
      return feedback.record(request.body, {
        customerId: request.customer?.customer.id ?? null,
        subVariant: request.client.subVariant ?? null,
      });
    },
  };
}

export const feedbackModule: FastifyPluginAsyncZod = async (app) => {
  const event = feedbackEventRoute(app);
  app.post(
    '/event',
    { ...event.options, preValidation: app.accounts.authenticate.optional },
    async (request, reply) => reply.status(201).send(ok(await event.record(request))),
  );
};

/**
 * `POST /cms/items/{collection}` (registered under /cms): the shop writes `feedback` items only; any
 * other collection is refused before its body is read (403 `collection_read_only`).
 */
export const feedbackItemsModule: FastifyPluginAsyncZod = async (app) => {
  const event = feedbackEventRoute(app);
  const writableOnly = async (request: FastifyRequest) => {
    const { collection } = request.params as { collection?: unknown };
    if (collection !== 'feedback') {
      throw new AppError(
        403,
        'collection_read_only',
        'Only feedback items are taken here; content is edited in the back office.',
      );
    }
  };
  app.post(
    '/items/:collection',
    {
      ...event.options,
      schema: {
        ...event.options.schema,
        params: FeedbackCollectionParamsSchema,
        response: { ...event.options.schema.response, ...failures(403) },
      },
      preValidation: [writableOnly, app.accounts.authenticate.optional],
    },
    async (request, reply) => reply.status(201).send(ok(await event.record(request))),
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
