/**
 * Apple and Google sign-in under /v2 (docs/api/accounts.md, "Social authentication"). Each call of a
 * provider answers 404 where the caller's pricing segment lacks its capability (apple_sign_in,
 * google_sign_in), as if it did not exist.
 */

import type { SocialProvider } from '@drawhouse/contract';
import {
  LoginResultSchema,
  SignInRefusedSchema,
  SocialCallbackBodySchema,
  SocialCallbackResultSchema,
  SocialIdentitiesSchema,
  SocialJoinBodySchema,
  SocialLinkPendingBodySchema,
  SocialProviderParamsSchema,
  SocialStartBodySchema,
  SocialStartSchema,
} from '@drawhouse/contract';
import type { Capability } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../../http/envelope.ts';
import { LARGE_BODY_LIMIT } from '../../../http/limits.ts';
import type { AccountsServices } from '../accounts.services.ts';
import { RATE_LIMITS } from '../accounts.settings.ts';
import { sendSignIn } from '../auth.routes.ts';
import { signedIn } from '../authenticate.ts';

/** The catalogue's `capabilityGate` (handed over by app.ts: the catalogue builds on accounts). */
export type RequireCapability = (request: FastifyRequest, rule: Capability) => Promise<void>;

export const socialSignInRoutes: FastifyPluginAsyncZod<{
  services: AccountsServices;
  requireCapability: RequireCapability;
}> = async (app, { services, requireCapability }) => {
  const { socialSignIn, authenticate } = services;
  const offered = (request: FastifyRequest, provider: SocialProvider) =>
    requireCapability(request, provider === 'apple' ? 'apple_sign_in' : 'google_sign_in');
  const tags = ['accounts'];
  const base = '/social-authentication';
  const params = SocialProviderParamsSchema;

  app.get(
    base,
    {
      schema: { tags, response: { 200: envelope(SocialIdentitiesSchema) } },
      preValidation: authenticate.required,
    },
    async (request) => ok(await socialSignIn.list(signedIn(request))),
  );

  app.post(
    `${base}/:provider/start`,
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags,
        params,
        body: SocialStartBodySchema.optional(),
        response: { 200: envelope(SocialStartSchema), ...failures(401, 403, 404, 503) },
      },
      preValidation: authenticate.optional,
    },
    async (request) => {
      const { provider } = request.params;
      await offered(request, provider);
      const intent = request.body?.intent ?? 'sign_in';
      return ok(await socialSignIn.start(provider, intent, request.customer));
    },
  );

  app.post(
    `${base}/:provider/callback`,
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags,
        params,
        body: SocialCallbackBodySchema,
        response: {
          200: envelope(SocialCallbackResultSchema),
          401: SignInRefusedSchema,
          ...failures(400, 403, 404, 409, 423, 503),
        },
      },
      preValidation: authenticate.optional,
    },
    async (request, reply) => {
      const { provider } = request.params;
      await offered(request, provider);
      const device = { deviceId: request.client.deviceId, fingerprint: request.body.fingerprint };
      const answer = await socialSignIn.callback(provider, request.body, request.customer, device);
      if (answer.kind === 'result') return ok(answer.result);
      return sendSignIn(reply, answer.outcome, (login) => ({ outcome: 'signed_in', login }));
    },
  );

  app.post(
    `${base}/join`,
    {
      bodyLimit: LARGE_BODY_LIMIT,
      config: { rateLimit: RATE_LIMITS.signup },
      schema: {
        tags,
        body: SocialJoinBodySchema,
        response: { 201: envelope(LoginResultSchema), ...failures(400, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await socialSignIn.join(request.body))),
  );

  app.post(
    `${base}/link`,
    {
      schema: {
        tags,
        body: SocialLinkPendingBodySchema,
        response: { 200: envelope(SocialIdentitiesSchema), ...failures(400, 409) },
      },
      preValidation: authenticate.required,
    },
    async (request) => ok(await socialSignIn.linkPending(signedIn(request), request.body.pendingToken)),
  );

  app.delete(
    `${base}/:provider`,
    {
      schema: {
        tags,
        params,
        response: { 200: envelope(SocialIdentitiesSchema), ...failures(403, 404, 409) },
      },
      preValidation: authenticate.required,
    },
    async (request) => ok(await socialSignIn.unlink(signedIn(request), request.params.provider)),
  );
};
