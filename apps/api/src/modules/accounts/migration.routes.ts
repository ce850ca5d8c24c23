/** Account migration and the account upgrade (docs/api/accounts.md, "Migration"). */
import {
  CustomerDetailsSchema,
  MigrateBodySchema,
  MigrationResultSchema,
  UpgradeBodySchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import type { AccountsServices } from './accounts.services.ts';
import { signedIn } from './authenticate.ts';

export const migrationRoutes: FastifyPluginAsyncZod<{ services: AccountsServices }> = async (
  app,
  { services },
) => {
  const { migration, authenticate } = services;
  const tags = ['accounts'];
  const answer = envelope(MigrationResultSchema);

  app.post(
    '/migration/migrate',
    {
      schema: {
        tags,
        body: MigrateBodySchema,
        response: { 200: answer, 202: answer, ...failures(404, 409) },
      },
      preValidation: authenticate.required,
      preHandler: (request) => migration.requireOffered(signedIn(request).customer),
    },
    async (request, reply) => {
      const { customer } = signedIn(request);
      const { httpStatus, result } = await migration.migrate(customer.id, request.body?.retry === true);
      return reply.status(httpStatus).send(ok(result));
    },
  );

  app.post(
    '/customer/upgrade',
    {
      schema: {
        tags,
        body: UpgradeBodySchema,
        response: { 200: envelope(CustomerDetailsSchema), ...failures(409) },
      },
      preValidation: authenticate.required,
    },
    async (request) => ok(await migration.upgrade(signedIn(request), request.body)),
  );
};
