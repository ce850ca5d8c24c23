/** Sign-up, sign-in, tokens, autologin, forgotten passwords, email check and location. */

import type { LoginResult } from '@drawhouse/contract';
import {
  AutologinBodySchema,
  CheckEmailQuerySchema,
  CheckEmailResultSchema,
  EmptyResultSchema,
  ForgotPasswordBodySchema,
  LocateResultSchema,
  LoginBodySchema,
  LoginCodeBodySchema,
  LoginResultSchema,
  NewPasswordBodySchema,
  RefreshBodySchema,
  RefreshResultSchema,
  ResetPasswordBodySchema,
  SignInRefusedSchema,
  SignInThrottledSchema,
  SignupBodySchema,
  TransferResultSchema,
} from '@drawhouse/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress } from '../../http/conventions.ts';
import { envelope, failure, failures, ok } from '../../http/envelope.ts';
import { LARGE_BODY_LIMIT } from '../../http/limits.ts';
import { loginThrottled } from './accounts.context.ts';
import type { AccountsServices } from './accounts.services.ts';
import { RATE_LIMITS } from './accounts.settings.ts';
import { signedIn } from './authenticate.ts';
import type { SignInOutcome } from './sign-in.service.ts';

const TWO_FACTOR_REQUIRED = 'Enter the 6 digit code to continue.';

/**
 * A sign-in that needs the second factor is 401 `2fa_required`, a throttled one 429
 * `login_throttled`: the failure envelope with the challenge id (and the second factor) in `result`.
 */
export function sendSignIn(
  reply: FastifyReply,
  outcome: SignInOutcome,
  shape: (result: LoginResult) => unknown = (result) => result,
) {
  if (outcome.kind === 'signed_in') return reply.status(200).send(ok(shape(outcome.result)));
  if (outcome.kind === 'throttled') {
    const { status, code, message } = loginThrottled();
    return reply
      .status(status)
      .send({ result: { challengeId: outcome.challengeId }, ...failure(status, code, message) });
  }
  return reply.status(401).send({
    result: { challengeId: outcome.challengeId, twoFactorAuth: outcome.challenge },
    ...failure(401, '2fa_required', TWO_FACTOR_REQUIRED),
  });
}

export const authRoutes: FastifyPluginAsyncZod<{ services: AccountsServices }> = async (
  app,
  { services },
) => {
  const { signup, signIn, passwordReset, sessions, twoFactor, authenticate } = services;
  const tags = ['accounts'];
  const signInRefused = { 401: SignInRefusedSchema, ...failures(423) };
  const passwordRefused = { ...signInRefused, 429: SignInThrottledSchema };

  app.post(
    '/signup',
    {
      bodyLimit: LARGE_BODY_LIMIT,
      config: { minVersion: '3.5', rateLimit: RATE_LIMITS.signup },
      schema: { tags, body: SignupBodySchema, response: { 201: envelope(LoginResultSchema) } },
    },
    async (request, reply) => reply.status(201).send(ok(await signup.signup(request.body))),
  );

  app.post(
    '/login',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags,
        body: LoginBodySchema,
        response: { 200: envelope(LoginResultSchema), ...passwordRefused },
      },
    },
    async (request, reply) => sendSignIn(reply, await signIn.login(request.body, request.client.deviceId)),
  );

  // The code step of every sign-in that asked for one (/login, /autologin): the password stays in
  // the first request.
  app.post(
    '/login/code',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags,
        body: LoginCodeBodySchema,
        response: { 200: envelope(LoginResultSchema), ...passwordRefused },
      },
    },
    async (request, reply) =>
      sendSignIn(reply, await signIn.signInWithCode(request.body, request.client.deviceId)),
  );

  app.post(
    '/refresh',
    {
      config: { rateLimit: RATE_LIMITS.refresh },
      schema: {
        tags,
        body: RefreshBodySchema,
        response: { 200: envelope(RefreshResultSchema), ...failures(423) },
      },
    },
    async (request) => {
      const { otp } = request.body;
      const stepUp = otp
        ? async (customer: Parameters<typeof twoFactor.checkCode>[0], session: { id: string }) => {
            await twoFactor.checkCode(customer, otp);
            await services.ctx.repo.elevateSession(session.id, services.ctx.now());
          }
        : undefined;
      return ok(await sessions.refresh(request.body, stepUp));
    },
  );

  app.get(
    '/logout',
    {
      schema: { tags, response: { 200: envelope(EmptyResultSchema) } },
      preValidation: authenticate.required,
    },
    async (request) => {
      await sessions.logout(signedIn(request));
      return ok({});
    },
  );

  app.post(
    '/transfer',
    {
      schema: { tags, response: { 200: envelope(TransferResultSchema), ...failures(403) } },
      preValidation: authenticate.required,
    },
    async (request) => ok(await signIn.transferToken(signedIn(request))),
  );

  app.post(
    '/autologin',
    {
      config: { minVersion: '3.3', rateLimit: RATE_LIMITS.autologin },
      schema: {
        tags,
        body: AutologinBodySchema,
        response: { 200: envelope(LoginResultSchema), ...signInRefused },
      },
    },
    async (request, reply) =>
      sendSignIn(reply, await signIn.autologin(request.body, request.client.deviceId)),
  );

  app.get(
    '/check-email',
    {
      config: { rateLimit: RATE_LIMITS.checkEmail },
      schema: {
        tags,
        querystring: CheckEmailQuerySchema,
        response: { 200: envelope(CheckEmailResultSchema) },
      },
    },
    async (request) => ok(await signup.checkEmail(request.query.email)),
  );

  app.post(
    '/password/forgot',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      schema: { tags, body: ForgotPasswordBodySchema, response: { 200: envelope(EmptyResultSchema) } },
    },
    async (request) => {
      await passwordReset.forgotPassword(request.body.email);
      return ok({});
    },
  );

  app.post(
    '/password/reset',
    {
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: { tags, body: ResetPasswordBodySchema, response: { 200: envelope(EmptyResultSchema) } },
    },
    async (request) => {
      await passwordReset.resetPassword(request.body.token, request.body.newPassword);
      return ok({});
    },
  );

  app.post(
    '/password/force-change',
    {
      schema: { tags, body: NewPasswordBodySchema, response: { 200: envelope(EmptyResultSchema) } },
      preValidation: authenticate.required,
    },
    async (request) => {
      await services.customers.forceChangePassword(signedIn(request), request.body.newPassword);
      return ok({});
    },
  );

  // Where the visitor is, from their address (ADR 078).
  app.get('/locate', { schema: { tags, response: { 200: envelope(LocateResultSchema) } } }, async (request) =>
    ok(await services.location.locate(clientAddress(request))),
  );
};
