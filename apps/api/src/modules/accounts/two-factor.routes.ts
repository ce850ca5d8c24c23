/** Second-factor settings and the step-up of a session. */

import {
  AuthenticatorSetupSchema,
  CodeSentSchema,
  ElevateResultSchema,
  OtpBodySchema,
  TwoFactorConfigSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import type { AccountsServices } from './accounts.services.ts';
import { RATE_LIMITS } from './accounts.settings.ts';
import { signedIn } from './authenticate.ts';

export const twoFactorRoutes: FastifyPluginAsyncZod<{ services: AccountsServices }> = async (
  app,
  { services },
) => {
  const { twoFactor, authenticate } = services;
  const tags = ['accounts'];
  const base = '/customer/two-factor-auth';
  const codes = { rateLimit: RATE_LIMITS.codes };
  const config = { 200: envelope(TwoFactorConfigSchema) };
  const codeSent = { 200: envelope(CodeSentSchema) };
  const stepUp = failures(403);
  const locked = failures(423);

  // On each route rather than the plugin, so that the route itself says it needs sign-in (OpenAPI).
  const preValidation = authenticate.required;

  app.get(base, { schema: { tags, response: config }, preValidation }, async (request) =>
    ok(await twoFactor.current(signedIn(request).customer)),
  );

  app.delete(base, { schema: { tags, response: { ...config, ...stepUp } }, preValidation }, async (request) =>
    ok(await twoFactor.disable(signedIn(request))),
  );

  app.post(
    `${base}/authenticator`,
    { schema: { tags, response: { 200: envelope(AuthenticatorSetupSchema), ...stepUp } }, preValidation },
    async (request) => ok(await twoFactor.startAuthenticator(signedIn(request))),
  );

  app.put(
    `${base}/authenticator`,
    {
      config: codes,
      schema: { tags, body: OtpBodySchema, response: { ...config, ...stepUp, ...locked } },
      preValidation,
    },
    async (request) => ok(await twoFactor.confirmAuthenticator(signedIn(request), request.body.otp)),
  );

  app.post(
    `${base}/email`,
    { config: codes, schema: { tags, response: { ...codeSent, ...stepUp } }, preValidation },
    async (request) => ok(await twoFactor.startEmail(signedIn(request))),
  );

  app.put(
    `${base}/email`,
    {
      config: codes,
      schema: { tags, body: OtpBodySchema, response: { ...config, ...stepUp, ...locked } },
      preValidation,
    },
    async (request) => ok(await twoFactor.confirmEmail(signedIn(request), request.body.otp)),
  );

  app.post(
    '/customer/elevate',
    {
      config: codes,
      schema: { tags, body: OtpBodySchema, response: { 200: envelope(ElevateResultSchema), ...locked } },
      preValidation,
    },
    async (request) => ok(await twoFactor.elevate(signedIn(request), request.body.otp)),
  );

  app.post(
    '/customer/elevate/email',
    { config: codes, schema: { tags, response: codeSent }, preValidation },
    async (request) => ok(await twoFactor.requestElevationCode(signedIn(request))),
  );
};
