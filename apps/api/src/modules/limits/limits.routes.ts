/**
 * Limits calls under /v2 (docs/api/limits.md): spend limits, the precommitment limit and the weekly
 * deposit limit of the signed-in customer. Bodies may come as forms (`limit=25.00`).
 */
import {
  BreakBodySchema,
  BreakStatusSchema,
  DepositLimitSchema,
  LimitBodySchema,
  PrecommitmentSchema,
  type SpendLimitPeriod,
  SpendLimitPeriodSchema,
  SpendLimitsSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { createLimitsService } from './limits.service.ts';

/** Checked for size only: a period or id of the wrong form is simply not found. */
const PeriodParamsSchema = z.object({ period: z.string().max(20) });
const IdParamsSchema = z.object({ id: z.string().max(100) });

function periodOf(value: string): SpendLimitPeriod {
  const parsed = SpendLimitPeriodSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(404, 'unknown_period', 'Spend limits are daily, weekly or monthly.');
  }
  return parsed.data;
}

export const limitsModule: FastifyPluginAsyncZod = async (app) => {
  const service = createLimitsService(app.deps.db, () => app.deps.now?.() ?? new Date());
  const { authenticate } = customerAuth(app);
  const tags = ['limits'];
  const preValidation = authenticate;
  const config = { acceptsForm: true };
  const spend = { 200: envelope(SpendLimitsSchema) };
  const precommitment = { 200: envelope(PrecommitmentSchema) };
  const deposit = { 200: envelope(DepositLimitSchema) };
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).customer.id;

  app.get('/spend-limits', { schema: { tags, response: spend }, preValidation }, async (request) =>
    ok(await service.spendLimits(me(request))),
  );

  // PUT adds a limit for a period; POST changes the one there (404 when there is none).
  for (const [method, mode] of [
    ['PUT', 'add'],
    ['POST', 'edit'],
  ] as const) {
    app.route({
      method,
      url: '/spend-limits/:period',
      config,
      schema: {
        tags,
        params: PeriodParamsSchema,
        body: LimitBodySchema,
        response: { ...spend, ...failures(404) },
      },
      preValidation,
      handler: async (request) =>
        ok(
          await service.setSpendLimit(me(request), periodOf(request.params.period), request.body.limit, mode),
        ),
    });
  }

  app.delete(
    '/spend-limits/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { ...spend, ...failures(404, 422) } },
      preValidation,
    },
    async (request) => ok(await service.removeSpendLimit(me(request), request.params.id)),
  );

  app.get('/precommitment', { schema: { tags, response: precommitment }, preValidation }, async (request) =>
    ok(await service.precommitment(me(request))),
  );

  app.post(
    '/precommitment',
    { config, schema: { tags, body: LimitBodySchema, response: precommitment }, preValidation },
    async (request) => ok(await service.setPrecommitment(me(request), request.body.limit)),
  );

  app.delete(
    '/precommitment',
    { schema: { tags, response: { ...precommitment, ...failures(404, 422) } }, preValidation },
    async (request) => ok(await service.removePrecommitment(me(request))),
  );

  // Take a break and self-exclusion: started here, never ended by a call (ADR 077).
  const breakStatus = { 200: envelope(BreakStatusSchema) };
  app.get('/break', { schema: { tags, response: breakStatus }, preValidation }, async (request) =>
    ok(await service.breakStatus(me(request))),
  );

  app.post(
    '/break',
    {
      config,
      schema: { tags, body: BreakBodySchema, response: { ...breakStatus, ...failures(400, 422) } },
      preValidation,
    },
    async (request) => ok(await service.takeBreak(me(request), request.body)),
  );

  app.get('/deposit-limit', { schema: { tags, response: deposit }, preValidation }, async (request) =>
    ok(await service.depositLimit(me(request))),
  );

  app.put(
    '/deposit-limit',
    { config, schema: { tags, body: LimitBodySchema, response: deposit }, preValidation },
    async (request) => ok(await service.setDepositLimit(me(request), request.body.limit)),
  );

  app.delete(
    '/deposit-limit',
    { schema: { tags, response: { ...deposit, ...failures(404, 422) } }, preValidation },
    async (request) => ok(await service.removeDepositLimit(me(request))),
  );
};
