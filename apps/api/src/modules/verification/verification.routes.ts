/**
 * POST /v2/customer/verify: the signed-in customer's automatic identity check, and the customer
 * verification service's GET /customer-verify/config (docs/api/verification.md). The verification
 * part of the overview is answered with GET /v2/customer (accounts module).
 */
import {
  VerificationConfigSchema,
  VerifyBodySchema,
  type VerifyResult,
  VerifyResultSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { createIdempotency, keyClaimOf, replayStored, storedKey } from '../../http/idempotency.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import type { VerificationService } from './verification.service.ts';

export const verificationModule: FastifyPluginAsyncZod<{ service: VerificationService }> = async (
  app,
  { service },
) => {
  const { authenticate } = customerAuth(app);
  const { db } = app.deps;
  const idempotency = createIdempotency(db, () => app.deps.now?.() ?? new Date());

  app.post(
    '/customer/verify',
    {
      schema: {
        tags: ['verification'],
        body: VerifyBodySchema,
        response: { 200: envelope(VerifyResultSchema), ...failures(409, 429) },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const { customer } = signedIn(request);
      const scope = `customer:${customer.id}`;
      // A retried request is answered as the first was, without asking the identity source again.
      const claim = keyClaimOf(request, scope);
      const stored = claim && (await storedKey(db, claim));
      if (claim && stored) return ok(replayStored<VerifyResult>(claim, stored).result);
      const result = await service.verify(customer, request.body, async (work) => {
        const answer = await idempotency.run(request, scope, async (tx) => ({
          status: 200,
          result: await work(tx),
        }));
        return answer.result;
      });
      return ok(result);
    },
  );
};

/** The customer verification service (discovery's `/customer-verify`, version 1.0). */
export const verificationConfigModule: FastifyPluginAsyncZod<{ service: VerificationService }> = async (
  app,
  { service },
) => {
  app.get(
    '/config',
    { schema: { tags: ['verification'], response: { 200: envelope(VerificationConfigSchema) } } },
    async () => ok(service.config()),
  );
};
