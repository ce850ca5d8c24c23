/**
 * POST /v2/customer/verify: the signed-in customer's automatic identity check; POST
 * /v2/customer/verification/licence: their driver's licence checked; and the customer
 * verification service's GET /customer-verify/config and /config/licence (docs/api/verification.md). The verification
 * part of the overview is answered with GET /v2/customer (accounts module).
 */
import {
  LicenceConfigSchema,
  VerificationConfigSchema,
  VerifyBodySchema,
  VerifyLicenceBodySchema,
  type VerifyResult,
  VerifyResultSchema,
} from '@drawhouse/contract';
import type { Transaction } from '@drawhouse/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { createIdempotency, keyClaimOf, replayStored, storedKey } from '../../http/idempotency.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { capabilityHook } from '../catalogue/index.ts';
import { documentsRoutes } from './documents.routes.ts';
import { VERIFY_ID_RULE } from './verification.config.ts';
import type { VerificationService, VerifyingCustomer } from './verification.service.ts';

type RecordCheck = (work: (tx: Transaction) => Promise<VerifyResult>) => Promise<VerifyResult>;

export const verificationModule: FastifyPluginAsyncZod<{ service: VerificationService }> = async (
  app,
  { service },
) => {
  const { authenticate } = customerAuth(app);
  const verifyId = capabilityHook(app.deps.db, VERIFY_ID_RULE);
  const { db } = app.deps;
  const idempotency = createIdempotency(db, () => app.deps.now?.() ?? new Date());

  /**
   * Runs a check for the signed-in customer: a retried request (same Idempotency-Key) is answered
   * as the first was, without asking the identity source again.
   */
  async function checkOnce(
    request: FastifyRequest,
    run: (customer: VerifyingCustomer, record: RecordCheck) => Promise<VerifyResult>,
  ) {
    const { customer } = signedIn(request);
    const scope = `customer:${customer.id}`;
    const claim = keyClaimOf(request, scope);
    const stored = claim && (await storedKey(db, claim));
    if (claim && stored) return ok(replayStored<VerifyResult>(claim, stored).result);
    const result = await run(customer, async (work) => {
      const answer = await idempotency.run(request, scope, async (tx) => ({
        status: 200,
        result: await work(tx),
      }));
      return answer.result;
    });
    return ok(result);
  }

  const response = { 200: envelope(VerifyResultSchema), ...failures(404, 409, 429) };
  await app.register(documentsRoutes, { service });

  app.post(
    '/customer/verify',
    {
      schema: { tags: ['verification'], body: VerifyBodySchema, response },
      preValidation: [authenticate, verifyId],
    },
    (request) => checkOnce(request, (customer, record) => service.verify(customer, request.body, record)),
  );

  app.post(
    '/customer/verification/licence',
    {
      schema: { tags: ['verification'], body: VerifyLicenceBodySchema, response },
      preValidation: [authenticate, verifyId],
    },
    (request) =>
      checkOnce(request, (customer, record) => service.verifyLicence(customer, request.body, record)),
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

  app.get(
    '/config/licence',
    { schema: { tags: ['verification'], response: { 200: envelope(LicenceConfigSchema) } } },
    async () => ok(service.licenceConfig()),
  );
};
