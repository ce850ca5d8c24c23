/**
 * The blog under /cms/blog (docs/api/catalogue.md): its categories, a page of posts and one post.
 * Every route needs the `blog` capability of the caller's pricing segment (X-Segment, else the
 * default segment); a segment without it answers 404. Answers are cached like other CMS content
 * and go as soon as a CMS item is saved (ADR 064).
 */
import {
  BlogCategoriesSchema,
  BlogPostListSchema,
  BlogPostSchema,
  BlogPostsQuerySchema,
} from '@drawhouse/contract';
import type { Capability } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHE_TTL, cached } from '../../http/cache.ts';
import { envelope, failures } from '../../http/envelope.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { createBlogService } from './blog.service.ts';
import { createContentRepository } from './content.repository.ts';

const BLOG: Capability[] = ['blog'];
const CONTENT = { holdsContent: true } as const;
const SlugParamsSchema = z.object({ slug: z.string().max(200) });

export const blogModule: FastifyPluginAsyncZod = async (app) => {
  const repo = createContentRepository(app.deps.db);
  const blog = createBlogService(repo, () => app.deps.now?.() ?? new Date());
  const tags = ['content'];
  const gated = failures(404);

  const requireCapability = capabilityGate(app.deps.db);
  const requireBlog = (request: FastifyRequest) =>
    requireCapability(request, BLOG, { code: 'blog_unavailable', message: 'There is no blog here.' });

  app.get(
    '/blog/categories',
    { schema: { tags, response: { 200: envelope(BlogCategoriesSchema), ...gated } } },
    async (request, reply) => {
      await requireBlog(request);
      return cached(
        request,
        reply,
        CACHE_TTL.default,
        async () => ({ items: await blog.categories() }),
        CONTENT,
      );
    },
  );

  app.get(
    '/blog/posts',
    {
      schema: {
        tags,
        querystring: BlogPostsQuerySchema,
        response: { 200: envelope(BlogPostListSchema), ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      await requireBlog(request);
      return cached(request, reply, CACHE_TTL.default, () => blog.posts(request.query), CONTENT);
    },
  );

  app.get(
    '/blog/posts/:slug',
    { schema: { tags, params: SlugParamsSchema, response: { 200: envelope(BlogPostSchema), ...gated } } },
    async (request, reply) => {
      await requireBlog(request);
      return cached(request, reply, CACHE_TTL.default, () => blog.post(request.params.slug), CONTENT);
    },
  );
};
