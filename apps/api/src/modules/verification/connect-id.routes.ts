/**
 * ConnectID (docs/api/verification.md): POST /v2/customer/verification/connectid starts a sign-in at
 * the identity provider for the signed-in customer; POST /v2/customer/verification/connectid/callback
 * takes the provider's answer as the storefront's callback page received it.
 */
import { ConnectIdCallbackBodySchema, ConnectIdStartSchema, VerifyResultSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { capabilityHook } from '../catalogue/index.ts';
import { connectIdClient } from './connect-id.client.ts';
import { createConnectIdService } from './connect-id.service.ts';
import { CONNECTID_CALLBACK_PATH, VERIFY_ID_RULE } from './verification.config.ts';
import type { VerificationService } from './verification.service.ts';

/** Registered with the verification service the other checks record with. */
export const connectIdModule: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (
  app,
  { verification },
) => {
  const { authenticate } = customerAuth(app);
  const verifyId = capabilityHook(app.deps.db, VERIFY_ID_RULE);
  const { db, config, webBaseUrl } = app.deps;
  const provider = config.verification.connectId;
  const service = createConnectIdService({
    db,
    now: () => app.deps.now?.() ?? new Date(),
    verification,
    client: provider ? connectIdClient(provider, `${webBaseUrl}${CONNECTID_CALLBACK_PATH}`) : undefined,
  });

  app.post(
    '/customer/verification/connectid',
    {
      schema: {
        tags: ['verification'],
        response: { 200: envelope(ConnectIdStartSchema), ...failures(404, 409, 429) },
      },
      preValidation: [authenticate, verifyId],
    },
    async (request) => ok(await service.start(signedIn(request).customer)),
  );

  app.post(
    '/customer/verification/connectid/callback',
    {
      schema: {
        tags: ['verification'],
        body: ConnectIdCallbackBodySchema,
        response: { 200: envelope(VerifyResultSchema), ...failures(400, 404, 409, 429) },
      },
      preValidation: [authenticate, verifyId],
    },
    async (request) => ok(await service.callback(signedIn(request).customer, request.body)),
  );
};
