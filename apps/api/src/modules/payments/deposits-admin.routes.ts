/**
 * The finance role's BPAY and bank transfer deposits under /admin (docs/api/back-office-finance.md):
 * GET /deposits/awaiting (waiting for their bank statement line) and POST /deposits/reconcile (a line
 * of the statement credited to the customer who quotes its reference, once per bank transaction,
 * audited as the signed-in operator).
 */
import {
  AdminBankDepositPageSchema,
  AdminBankDepositQuerySchema,
  ReconcileDepositBodySchema,
  ReconcileDepositResultSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf } from '../operators/index.ts';
import { bankDepositsAdmin } from './bank-deposits-admin.service.ts';
import { paymentsOf } from './payments.services.ts';

export const depositsAdminModule: FastifyPluginAsyncZod = async (app) => {
  const deposits = bankDepositsAdmin(app.deps.db, paymentsOf(app.deps));
  const preValidation = app.operatorAuth('finance');
  const tags = ['admin'];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  app.get(
    '/deposits/awaiting',
    {
      config,
      schema: {
        tags,
        querystring: AdminBankDepositQuerySchema,
        response: { 200: envelope(AdminBankDepositPageSchema) },
      },
      preValidation,
    },
    async (request) => ok(await deposits.page(request.query.page, request.query.limit)),
  );

  app.post(
    '/deposits/reconcile',
    {
      config,
      schema: {
        tags,
        body: ReconcileDepositBodySchema,
        response: { 200: envelope(ReconcileDepositResultSchema), ...failures(400, 404) },
      },
      preValidation,
    },
    async (request) => ok(await deposits.reconcile(request.body, actorOf(request))),
  );
};
