/** The banned countries in the back office (admin role, docs/api/back-office.md). */
import {
  AdminBanCountryBodySchema,
  AdminBannedCountriesSchema,
  AdminBannedCountryParamsSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf, adminServiceDeps } from '../operators/index.ts';
import { createBannedCountries } from './banned-countries.service.ts';

export const bannedCountriesAdminModule: FastifyPluginAsyncZod = async (app) => {
  const banned = createBannedCountries(adminServiceDeps(app));
  const preValidation = app.operatorAuth('admin');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];
  const response = { 200: envelope(AdminBannedCountriesSchema) };

  app.get('/banned-countries', { config, preValidation, schema: { tags, response } }, async () =>
    ok(await banned.show()),
  );

  app.post(
    '/banned-countries',
    {
      config,
      preValidation,
      schema: { tags, body: AdminBanCountryBodySchema, response: { ...response, ...failures(400) } },
    },
    async (request) => ok(await banned.add(actorOf(request), request.body.countryCode)),
  );

  app.delete(
    '/banned-countries/:countryCode',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: AdminBannedCountryParamsSchema,
        response: { ...response, ...failures(400, 404) },
      },
    },
    async (request) => ok(await banned.remove(actorOf(request), request.params.countryCode)),
  );
};
