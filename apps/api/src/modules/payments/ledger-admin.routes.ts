/**
 * The ledger check for the finance role, next to the deposits it reconciles
 * (docs/api/back-office-finance.md): GET /admin/ledger/check, the report `ledger:check` prints.
 */
import { LedgerCheckReportSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { checkLedger } from '../ledger/index.ts';
import { ADMIN_RATE_LIMIT } from '../operators/index.ts';

export const ledgerAdminModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/ledger/check',
    {
      config: { rateLimit: ADMIN_RATE_LIMIT },
      schema: { tags: ['admin'], response: { 200: envelope(LedgerCheckReportSchema) } },
      preValidation: app.operatorAuth('finance'),
    },
    async () => ok(await checkLedger(db, app.deps.now?.() ?? new Date())),
  );
};
