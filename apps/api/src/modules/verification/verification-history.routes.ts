/**
 * GET /admin/customers/{id}/verification (docs/api/verification.md): a customer's verification
 * history for the operator of the token, every attempt with why it did not verify.
 */
import { AdminVerificationHistorySchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { ADMIN_RATE_LIMIT } from '../operators/index.ts';
import { verificationHistory } from './verification-history.service.ts';

/** Checked for size only: an id that is no customer's is simply not found. */
const ParamsSchema = z.object({ id: z.string().max(40) });

export const verificationHistoryAdminModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/customers/:id/verification',
    {
      config: { rateLimit: ADMIN_RATE_LIMIT },
      schema: {
        tags: ['admin'],
        params: ParamsSchema,
        response: { 200: envelope(AdminVerificationHistorySchema), ...failures(404) },
      },
      preValidation: app.operatorAuth('support'),
    },
    async (request) => {
      const { id } = request.params;
      const history = isUuid(id) ? await verificationHistory(db, { customerId: id }) : undefined;
      if (!history) throw new AppError(404, 'customer_not_found', `No customer has the id ${id}.`);
      return ok(history);
    },
  );
};
