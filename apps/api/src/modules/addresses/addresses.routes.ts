/**
 * Address lookup for the address forms (docs/api/accounts.md, "Address lookup"): open to signed-out
 * visitors (sign-up uses it), rate limited per address. Without a provider (ADDRESS_LOOKUP=none)
 * both answer 503 `address_lookup_unavailable` and the forms take the address by hand.
 */
import {
  AddressDetailsSchema,
  AddressIdParamsSchema,
  AddressSuggestionsSchema,
  AddressSuggestQuerySchema,
} from '@drawhouse/contract';
import { addressQuery } from '@drawhouse/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type AddressLookup, sandboxAddressLookup } from './address-lookup.ts';

/** A lookup per keystroke pause: generous for typing, tight for scraping the provider. */
export const ADDRESS_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const unavailable = () =>
  new AppError(
    503,
    'address_lookup_unavailable',
    'Address lookup is not available: enter the address by hand.',
  );

export const addressesModule: FastifyPluginAsyncZod = async (app) => {
  const lookup: AddressLookup | null =
    app.deps.config.addressLookup === 'sandbox' ? sandboxAddressLookup(app.deps.db) : null;
  const config = { rateLimit: ADDRESS_RATE_LIMIT };
  const tags = ['accounts'];

  app.get(
    '/addresses/suggest',
    {
      config,
      schema: {
        tags,
        querystring: AddressSuggestQuerySchema,
        response: { 200: envelope(AddressSuggestionsSchema), ...failures(400, 503) },
      },
    },
    async (request) => {
      const query = addressQuery(request.query.q);
      if (!query.ok) throw validationError(fieldErrors([['q', query.message, 'invalid']]));
      if (!lookup) throw unavailable();
      return ok({ suggestions: await lookup.suggest(query.words) });
    },
  );

  app.get(
    '/addresses/:id',
    {
      config,
      schema: {
        tags,
        params: AddressIdParamsSchema,
        response: { 200: envelope(AddressDetailsSchema), ...failures(404, 503) },
      },
    },
    async (request) => {
      if (!lookup) throw unavailable();
      const address = await lookup.details(request.params.id);
      if (!address) throw notFound('not_found', 'That address is not known.');
      return ok({ address });
    },
  );
};
