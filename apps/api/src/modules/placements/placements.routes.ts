/**
 * The placement service under /v2 (docs/api/placements.md): `GET /placement` (204 when nothing is
 * placed) and `POST /placement/cart/prime`. Both need the `placements` capability of the caller's
 * pricing segment (the customer's when signed in, else the visitor's); without it they answer 404.
 * A customer key or segment user id must be the signed-in caller's own.
 */
import {
  CartPrimeBodySchema,
  CartPrimeSchema,
  PlacementQuerySchema,
  PlacementsSchema,
} from '@drawhouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { createPlacementsService } from './placements.service.ts';

const notYours = () =>
  new AppError(403, 'forbidden', 'A customer key or segment user id must be your own.', {
    segment_user_id: [{ code: 'forbidden', message: 'This is not your customer id.' }],
  });

export const placementsModule: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const service = createPlacementsService({ db: app.deps.db, now });
  const optional = app.accounts.authenticate.optional;
  const tags = ['placements'];

  const gate = capabilityGate(app.deps.db);
  async function requirePlacements(request: FastifyRequest): Promise<string | undefined> {
    await gate(request, 'placements', {
      code: 'placements_unavailable',
      message: 'Placements are not offered here.',
    });
    return request.customer?.customer.id;
  }

  /** Ids that name a customer must name the caller. */
  function ownIds(customerId: string | undefined, ...ids: (string | undefined)[]): void {
    if (ids.some((id) => id !== undefined && id !== customerId)) throw notYours();
  }

  app.get(
    '/placement',
    {
      schema: {
        tags,
        querystring: PlacementQuerySchema,
        response: {
          200: envelope(PlacementsSchema),
          204: z.null().describe('Nothing is placed: an empty list.'),
          ...failures(400, 403, 404),
        },
      },
      preValidation: optional,
    },
    async (request, reply) => {
      const customerId = await requirePlacements(request);
      ownIds(customerId, request.query.customerKey, request.query.segmentUserId);
      const placements = await service.placements(request.query);
      if (placements.length === 0) return reply.status(204).send(null);
      return ok({ placements });
    },
  );

  app.post(
    '/placement/cart/prime',
    {
      schema: {
        tags,
        body: CartPrimeBodySchema,
        response: { 200: envelope(CartPrimeSchema), ...failures(400, 403, 404) },
      },
      preValidation: optional,
    },
    async (request) => {
      const customerId = await requirePlacements(request);
      const body = request.body;
      ownIds(customerId, body.segmentUserId);
      if (customerId) return ok(await service.prime({ customerId }, body));
      if (!body.cart) {
        throw new AppError(400, 'validation_error', 'Name the anonymous cart to prime.', {
          cart: [{ code: 'required', message: 'This field is required.' }],
        });
      }
      return ok(await service.prime({ anonymousToken: body.cart }, body));
    },
  );
};
