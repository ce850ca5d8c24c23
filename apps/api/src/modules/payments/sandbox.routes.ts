/**
 * The sandbox gateway's browser-facing calls (ADR 019): card tokenising, called straight from the
 * browser (no app signature, no bearer; CORS for the storefront's origin on this route only; rate
 * limited; its body never logged), the 3-D Secure challenge page the storefront frames, and the
 * PayPal approval page. A page opens only with its deposit's page token (`token`, random and kept
 * with the deposit), so only the customer's redirect opens it.
 */
import { CardTokenRequestSchema, CardTokenSchema } from '@drawhouse/contract';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { tokenizeSandboxCard } from './gateways/sandbox.gateway.ts';
import { challengePage, expiredPage, PAGE_STYLE_HASH, paypalPage } from './payment-pages.ts';
import { cspOrigins, shopOrigins, validPageToken } from './payment-urls.ts';
import { paymentsRepository } from './payments.repository.ts';
import type { PaymentsServices } from './payments.services.ts';
import { fundLabel } from './payments.view.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors options of one route (merged over the app's). */
    cors?: FastifyCorsOptions;
  }
}

const PageParamsSchema = z.object({ id: z.string().max(64) });
const PageQuerySchema = z.object({ token: z.string().max(64).optional() });
const PageFormSchema = z.object({
  token: z.string().max(64).optional(),
  action: z.string().max(20).optional(),
});

/** Only the path of a tokenising request is logged: never a query string or a body. */
const redactedRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  requestId: request.id,
});

export const sandboxRoutes: FastifyPluginAsyncZod<{ payments: PaymentsServices }> = async (
  app,
  { payments },
) => {
  const { db } = app.deps;
  const { urls } = payments;
  const { config } = app.deps;
  const webOrigins = shopOrigins(app.deps.webBaseUrl, [...config.shopOrigins, ...config.corsOrigins]);
  /** A browser on an address the shop does not list is refused by CORS: the log says which and why. */
  const warnOfForeignOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin && !webOrigins.includes(origin)) {
      request.log.warn(
        { origin, allowed: webOrigins },
        'card tokenising from an origin the shop does not list: add it to WEB_BASE_URL, ALLOWED_ORIGINS or CORS_ORIGINS',
      );
    }
  };
  const tags = ['payments'];

  const cors: FastifyCorsOptions = {
    origin: webOrigins,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'x-api-version', 'x-request-id'],
    maxAge: 600,
  };
  const tokenizeConfig = {
    cors,
    rateLimit: { max: payments.config.tokenizeRateLimit, timeWindow: 60_000 },
  };

  // The preflight of the browser's tokenising call (the cors hook answers it).
  app.options(
    '/funds/sandbox/tokens',
    { config: tokenizeConfig, schema: { hide: true }, onRequest: warnOfForeignOrigin },
    async (_request, reply) => reply.status(204).send(),
  );

  app.post(
    '/funds/sandbox/tokens',
    {
      config: tokenizeConfig,
      onRequest: warnOfForeignOrigin,
      logSerializers: { req: redactedRequest },
      schema: { tags, body: CardTokenRequestSchema, response: { 201: envelope(CardTokenSchema) } },
    },
    async (request, reply) => {
      const token = await tokenizeSandboxCard(paymentsRepository(db), request.body, payments.now());
      // Nothing later in this request may read the card details.
      request.body = {} as typeof request.body;
      return reply.status(201).send(ok(token));
    },
  );

  /** The security headers of a payment page: framable by the storefront only when `framed`. */
  function pageHelmet(framed: boolean) {
    return {
      frameguard: false as const,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          styleSrc: [PAGE_STYLE_HASH],
          formAction: ["'self'", ...cspOrigins(webOrigins)],
          frameAncestors: framed ? cspOrigins(webOrigins) : ["'none'"],
          baseUri: ["'none'"],
        },
      },
    };
  }

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  /** The deposit a page is for, when its page token is right. */
  async function depositOfPage(id: string, token: string | undefined) {
    const deposit = await paymentsRepository(db).deposit(id);
    return deposit && validPageToken(deposit, token) ? deposit : undefined;
  }

  app.get(
    '/funds/sandbox/challenges/:id',
    {
      helmet: pageHelmet(true),
      schema: { hide: true, params: PageParamsSchema, querystring: PageQuerySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      const deposit = await depositOfPage(id, request.query.token);
      if (deposit?.gateway !== 'sandbox' || !deposit.fundId) return sendPage(reply, 404, expiredPage());
      if (deposit.status !== 'awaiting_challenge') return reply.redirect(urls.notify(deposit), 303);
      const fund = await paymentsRepository(db).fundById(deposit.fundId);
      return sendPage(
        reply,
        200,
        challengePage({
          action: `/v2/funds/sandbox/challenges/${encodeURIComponent(id)}`,
          token: deposit.pageToken ?? '',
          amountCents: deposit.amountCents,
          card: fund ? fundLabel(fund) : 'your card',
        }),
      );
    },
  );

  app.post(
    '/funds/sandbox/challenges/:id',
    { helmet: pageHelmet(true), schema: { hide: true, params: PageParamsSchema, body: PageFormSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const deposit = await depositOfPage(id, request.body.token);
      if (deposit?.gateway !== 'sandbox') return sendPage(reply, 404, expiredPage());
      const ended = await payments.deposits.finishChallenge(id, request.body.action === 'complete');
      return reply.redirect(urls.notify(ended ?? deposit), 303);
    },
  );

  app.get(
    '/funds/sandbox/paypal/:id',
    {
      helmet: pageHelmet(false),
      schema: { hide: true, params: PageParamsSchema, querystring: PageQuerySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      const deposit = await depositOfPage(id, request.query.token);
      if (deposit?.methodCode !== 'pl') return sendPage(reply, 404, expiredPage());
      if (deposit.status !== 'awaiting_approval') {
        return reply.redirect(
          urls.paypalReturn(deposit, deposit.status === 'succeeded' ? 'success' : 'failure'),
          303,
        );
      }
      return sendPage(
        reply,
        200,
        paypalPage({
          action: `/v2/funds/sandbox/paypal/${encodeURIComponent(id)}`,
          token: deposit.pageToken ?? '',
          amountCents: deposit.amountCents,
        }),
      );
    },
  );

  app.post(
    '/funds/sandbox/paypal/:id',
    { helmet: pageHelmet(false), schema: { hide: true, params: PageParamsSchema, body: PageFormSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const deposit = await depositOfPage(id, request.body.token);
      if (deposit?.methodCode !== 'pl') return sendPage(reply, 404, expiredPage());
      const approved = request.body.action === 'approve';
      const ended = (await payments.deposits.finishApproval(id, approved)) ?? deposit;
      const result =
        ended.status === 'succeeded' ? 'success' : ended.status === 'cancelled' ? 'cancel' : 'failure';
      return reply.redirect(urls.paypalReturn(ended, result), 303);
    },
  );
};
