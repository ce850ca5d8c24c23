/**
 * Content in the back office (content role): the sitewide banner, the CMS pages, the navigation and the
 * blog's posts, read and edited (docs/api/back-office.md). A change drops this process's cached answers,
 * so the API answers it at once; other processes drop theirs within a second (ADR 064).
 */
import {
  AdminBannerBodySchema,
  AdminBannerSchema,
  AdminBlogPostBodySchema,
  AdminBlogPostDetailSchema,
  AdminBlogPostSchema,
  AdminBlogSchema,
  AdminContentSchema,
  AdminNavigationBodySchema,
  AdminNavigationSchema,
  AdminOfferBodySchema,
  AdminOfferSchema,
  AdminOffersSchema,
  AdminPageBodySchema,
  PageSchema,
  PreviewRequestBodySchema,
  PreviewTicketSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf, adminServiceDeps } from '../operators/index.ts';
import { createBlogAdmin } from './blog-admin.service.ts';
import { createContentAdmin } from './content-admin.service.ts';
import { createOfferPublishing } from './offer-publishing.service.ts';
import { previewServiceOf } from './preview.routes.ts';

const SlugParamsSchema = z.object({ slug: z.string().max(100) });
/** A product offer's key: checked before the database is asked, anything else is a 400. */
const OfferParamsSchema = z.object({
  key: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** A blog post's id: checked before the database is asked, anything else is a 400. */
const PostParamsSchema = z.object({
  id: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/),
});

export const contentAdminModule: FastifyPluginAsyncZod = async (app) => {
  const adminDeps = adminServiceDeps(app);
  const content = createContentAdmin(adminDeps);
  const blog = createBlogAdmin(adminDeps);
  const preview = previewServiceOf(app);
  const offers = createOfferPublishing(adminDeps);
  const preValidation = app.operatorAuth('content');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];

  app.get(
    '/content',
    { config, preValidation, schema: { tags, response: { 200: envelope(AdminContentSchema) } } },
    async () => ok(await content.show()),
  );

  app.patch(
    '/content/banner',
    {
      config,
      preValidation,
      schema: {
        tags,
        body: AdminBannerBodySchema,
        response: { 200: envelope(AdminBannerSchema), ...failures(400) },
      },
    },
    async (request) => ok(await content.saveBanner(actorOf(request), request.body)),
  );

  app.patch(
    '/content/pages/:slug',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: SlugParamsSchema,
        body: AdminPageBodySchema,
        response: { 200: envelope(PageSchema), ...failures(400, 404) },
      },
    },
    async (request) => ok(await content.savePage(actorOf(request), request.params.slug, request.body)),
  );

  app.patch(
    '/content/navigation',
    {
      config,
      preValidation,
      schema: {
        tags,
        body: AdminNavigationBodySchema,
        response: { 200: envelope(AdminNavigationSchema), ...failures(400) },
      },
    },
    async (request) => ok(await content.saveNavigation(actorOf(request), request.body)),
  );

  app.post(
    '/content/preview',
    {
      config,
      preValidation,
      schema: {
        tags,
        body: PreviewRequestBodySchema,
        response: { 200: envelope(PreviewTicketSchema), ...failures(400, 404) },
      },
    },
    async (request) => ok(await preview.issue(actorOf(request), request.body)),
  );

  app.get(
    '/content/offers',
    { config, preValidation, schema: { tags, response: { 200: envelope(AdminOffersSchema) } } },
    async () => ok(await offers.list()),
  );

  app.patch(
    '/content/offers/:key',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: OfferParamsSchema,
        body: AdminOfferBodySchema,
        response: { 200: envelope(AdminOfferSchema), ...failures(400, 404, 409) },
      },
    },
    async (request) => ok(await offers.save(actorOf(request), request.params.key, request.body)),
  );

  app.get(
    '/content/blog',
    { config, preValidation, schema: { tags, response: { 200: envelope(AdminBlogSchema) } } },
    async () => ok(await blog.list()),
  );

  app.post(
    '/content/blog',
    {
      config,
      preValidation,
      schema: {
        tags,
        body: AdminBlogPostBodySchema,
        response: { 200: envelope(AdminBlogPostSchema), ...failures(400, 409) },
      },
    },
    async (request) => ok(await blog.create(actorOf(request), request.body)),
  );

  app.get(
    '/content/blog/:id',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: PostParamsSchema,
        response: { 200: envelope(AdminBlogPostDetailSchema), ...failures(400, 404) },
      },
    },
    async (request) => ok(await blog.show(request.params.id)),
  );

  app.patch(
    '/content/blog/:id',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: PostParamsSchema,
        body: AdminBlogPostBodySchema,
        response: { 200: envelope(AdminBlogPostSchema), ...failures(400, 404, 409) },
      },
    },
    async (request) => ok(await blog.save(actorOf(request), request.params.id, request.body)),
  );
};
