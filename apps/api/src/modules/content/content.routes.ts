import { ComponentsSchema, NavigationSchema, ThemeSchema, TranslationsSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHE_TTL, cached } from '../../http/cache.ts';
import { envelope } from '../../http/envelope.ts';
import { createContentRepository } from './content.repository.ts';
import {
  CollectionParamsSchema,
  FileParamsSchema,
  ItemParamsSchema,
  LocaleParamsSchema,
  TranslationsQuerySchema,
} from './content.schemas.ts';
import { createContentService } from './content.service.ts';

/**
 * Answers holding what the back office edits (the banner, pages, navigation: any CMS item but the
 * theme) go from every process's cache as soon as an item is saved (ADR 064).
 */
const CONTENT = { holdsContent: true } as const;
const contentOf = (collection: string) => ({ holdsContent: collection !== 'theme' });

/** Files (logos, images) change only with a new id in practice: keep them a day. */
const FILE_MAX_AGE = 24 * 60 * 60;

/**
 * The content service under /cms: CMS items, files, the config API (theme, navigation, components) and
 * translations. JSON answers are cached by `cached`; collection items vary by collection, so those
 * two routes document the envelope around any result.
 */
export const contentModule: FastifyPluginAsyncZod = async (app) => {
  const service = createContentService(createContentRepository(app.deps.db));
  const tags = ['content'];

  app.get('/theme', { schema: { tags, response: { 200: envelope(ThemeSchema) } } }, async (request, reply) =>
    cached(request, reply, CACHE_TTL.theme, () => service.theme()),
  );

  app.get(
    '/navigation',
    { schema: { tags, response: { 200: envelope(NavigationSchema) } } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.navigation, () => service.navigation(), CONTENT),
  );

  app.get(
    '/components',
    { schema: { tags, response: { 200: envelope(ComponentsSchema) } } },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.components, () => service.components(), CONTENT),
  );

  app.get(
    '/items/:collection',
    { schema: { tags, params: CollectionParamsSchema, response: { 200: envelope(z.unknown()) } } },
    async (request, reply) => {
      const { collection } = request.params;
      const ttl = collection === 'theme' ? CACHE_TTL.theme : CACHE_TTL.default;
      return cached(request, reply, ttl, () => service.collection(collection), contentOf(collection));
    },
  );

  app.get(
    '/items/:collection/:id',
    { schema: { tags, params: ItemParamsSchema, response: { 200: envelope(z.unknown()) } } },
    async (request, reply) => {
      const { collection, id } = request.params;
      const ttl = collection === 'theme' ? CACHE_TTL.theme : CACHE_TTL.default;
      return cached(request, reply, ttl, () => service.item(collection, id), contentOf(collection));
    },
  );

  app.get('/files/:id', { schema: { tags, params: FileParamsSchema } }, async (request, reply) => {
    const file = await service.file(request.params.id);
    reply
      .type(file.contentType)
      .header('cache-control', `public, max-age=${FILE_MAX_AGE}`)
      .header('last-modified', file.updatedAt.toUTCString())
      // An SVG opened on its own must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(file.body);
  });

  app.get(
    '/:locale/items',
    {
      schema: {
        tags,
        params: LocaleParamsSchema,
        querystring: TranslationsQuerySchema,
        response: { 200: envelope(TranslationsSchema) },
      },
    },
    async (request, reply) =>
      cached(request, reply, CACHE_TTL.translations, () =>
        service.translations(request.params.locale, request.query),
      ),
  );
};
