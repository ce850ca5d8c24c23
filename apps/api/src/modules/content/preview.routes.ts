/**
 * GET /cms/preview?token=: what a content preview token shows (a CMS page, a blog post or a
 * product offer; drafts and unpublished offers included), never cached; 404 `preview_not_found` for a token that is not valid or has expired.
 * The back office asks for tokens at POST /admin/content/preview (content-admin.routes.ts).
 */
import { PreviewQuerySchema, PreviewSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { catalogueReader } from '../catalogue/index.ts';
import { createBlogService } from './blog.service.ts';
import { createContentRepository } from './content.repository.ts';
import { createContentService } from './content.service.ts';
import { createPreviewService } from './preview.service.ts';

export function previewServiceOf(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const repo = createContentRepository(app.deps.db);
  const now = () => app.deps.now?.() ?? new Date();
  return createPreviewService({
    db: app.deps.db,
    secret: app.deps.jwtSecret,
    webBaseUrl: app.deps.webBaseUrl,
    adminBaseUrl: app.deps.config.adminBaseUrl,
    now,
    content: createContentService(repo),
    blog: createBlogService(repo, now),
    catalogue: catalogueReader(app.deps.db, now),
  });
}

export const previewModule: FastifyPluginAsyncZod = async (app) => {
  const preview = previewServiceOf(app);
  app.get(
    '/preview',
    {
      schema: {
        tags: ['content'],
        querystring: PreviewQuerySchema,
        response: { 200: envelope(PreviewSchema), ...failures(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await preview.show(request.query.token));
    },
  );
};
