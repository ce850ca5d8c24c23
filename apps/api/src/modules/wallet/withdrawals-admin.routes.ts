/**
 * The finance role's withdrawals queue under /admin (docs/api/back-office-finance.md): GET
 * /withdrawals (status, customer email, page), GET /withdrawals/{id}, POST /withdrawals/{id}/approve
 * and POST /withdrawals/{id}/reject {reason}. A decision acts as the signed-in operator through the
 * same operations as `withdrawals:approve|reject`, each audited in its transaction; a decided
 * withdrawal is never decided (or paid) again.
 */
import {
  AdminWithdrawalPageSchema,
  AdminWithdrawalQuerySchema,
  AdminWithdrawalSchema,
  RejectWithdrawalBodySchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf } from '../operators/index.ts';
import { withdrawalOperationsOf } from './withdrawals.service.ts';

/** Checked for size only: an id that is no withdrawal's is simply not found. */
const IdParamsSchema = z.object({ id: z.string().max(40) });

export const withdrawalsAdminModule: FastifyPluginAsyncZod = async (app) => {
  const operations = withdrawalOperationsOf(app.deps);
  const preValidation = app.operatorAuth('finance');
  const tags = ['admin'];
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const one = { 200: envelope(AdminWithdrawalSchema), ...failures(404, 409) };

  app.get(
    '/withdrawals',
    {
      config,
      schema: {
        tags,
        querystring: AdminWithdrawalQuerySchema,
        response: { 200: envelope(AdminWithdrawalPageSchema) },
      },
      preValidation,
    },
    async (request) => ok(await operations.page(request.query)),
  );

  app.get(
    '/withdrawals/:id',
    { config, schema: { tags, params: IdParamsSchema, response: one }, preValidation },
    async (request) => ok(await operations.show(request.params.id)),
  );

  app.post(
    '/withdrawals/:id/approve',
    { config, schema: { tags, params: IdParamsSchema, response: one }, preValidation },
    async (request) => {
      await operations.approve(request.params.id, actorOf(request));
      return ok(await operations.show(request.params.id));
    },
  );

  app.post(
    '/withdrawals/:id/reject',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: RejectWithdrawalBodySchema,
        response: { ...one, ...failures(400, 404, 409) },
      },
      preValidation,
    },
    async (request) => {
      await operations.reject(request.params.id, request.body.reason, actorOf(request));
      return ok(await operations.show(request.params.id));
    },
  );
};
