/** PUT /favourite-numbers: the signed-in customer's favourite numbers (docs/api/accounts.md). */

import { FavouriteNumbersBodySchema, FavouriteNumbersResultSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { LARGE_BODY_LIMIT } from '../../http/limits.ts';
import type { AccountsServices } from './accounts.services.ts';
import { signedIn } from './authenticate.ts';

export const favouriteNumbersRoutes: FastifyPluginAsyncZod<{ services: AccountsServices }> = async (
  app,
  { services },
) => {
  app.put(
    '/favourite-numbers',
    {
      bodyLimit: LARGE_BODY_LIMIT,
      schema: {
        tags: ['accounts'],
        body: FavouriteNumbersBodySchema,
        response: { 200: envelope(FavouriteNumbersResultSchema) },
      },
      preValidation: services.authenticate.required,
    },
    async (request) => {
      const favouriteNumbers = await services.favouriteNumbers.replace(
        signedIn(request),
        request.body.favouriteNumbers,
      );
      return ok({ favouriteNumbers });
    },
  );
};
