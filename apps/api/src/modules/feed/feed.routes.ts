/**
 * The signed-in customer's notifications feed under /v2 (docs/api/results.md):
 * `GET /notifications`, `POST /notifications/viewed`, `POST /notifications/{id}/dismiss`.
 */
import {
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationDismissedSchema,
  NotificationFeedSchema,
  NotificationsViewedSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { feedRepository } from './feed.repository.ts';
import { createFeedService } from './feed.service.ts';

const FeedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Checked for size only: an id of the wrong form is simply not found. */
const IdParamsSchema = z.object({ id: z.string().max(100) });

export const feedModule: FastifyPluginAsyncZod = async (app) => {
  const service = createFeedService(feedRepository(app.deps.db), () => app.deps.now?.() ?? new Date());
  const { authenticate: preValidation } = customerAuth(app);
  const tags = ['notifications'];
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).customer.id;

  app.get(
    '/notifications',
    {
      schema: { tags, querystring: FeedQuerySchema, response: { 200: envelope(NotificationFeedSchema) } },
      preValidation,
    },
    async (request) => {
      const { result, pageInfo } = await service.feed(me(request), request.query.limit, request.query.offset);
      return ok(result, { pageInfo });
    },
  );

  app.post(
    '/notifications/viewed',
    { schema: { tags, response: { 200: envelope(NotificationsViewedSchema) } }, preValidation },
    async (request) => ok(await service.viewed(me(request))),
  );

  app.post(
    '/notifications/:id/dismiss',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: envelope(NotificationDismissedSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => ok(await service.dismiss(me(request), request.params.id)),
  );
};
