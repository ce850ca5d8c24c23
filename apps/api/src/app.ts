import { createServer } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type CachedReads, cachedReads } from './http/cached-reads.ts';
import { snakeReplacer } from './http/case.ts';
import { clientErrorReply } from './http/client-error.ts';
import { clientAddress, registerConventions, requestId } from './http/conventions.ts';
import { registerErrorHandling, routerErrorReply } from './http/error-handler.ts';
import { registerFormBodies } from './http/form-body.ts';
import { DEFAULT_BODY_LIMIT, MAX_PARAM_LENGTH } from './http/limits.ts';
import { registerOpenApi } from './http/openapi.ts';
import { RequestCounts, sharedStore } from './http/request-counts.ts';
import { encodeWithResponseSchema } from './http/response-schema.ts';
import { registerRouteDefaults } from './http/route-defaults.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStatementCount } from './http/statement-count.ts';
import type { AppDeps } from './http/types.ts';
import { validatorCompiler } from './http/validation.ts';
import { accountsModule, provideAccounts } from './modules/accounts/index.ts';
import { addressesModule } from './modules/addresses/index.ts';
import { cartModule } from './modules/cart/index.ts';
import {
  bannedCountriesAdminModule,
  capabilityGate,
  catalogueModule,
  catalogueReader,
  drawsVersion,
  postalEntriesAdminModule,
  rafflesAdminModule,
  supportChatAdminModule,
} from './modules/catalogue/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import {
  blogModule,
  contentAdminModule,
  contentModule,
  contentVersion,
  previewModule,
} from './modules/content/index.ts';
import { customerCareModule } from './modules/customer-care/index.ts';
import { drawDeskAdminModule, drawsAdminModule } from './modules/draws/index.ts';
import { feedModule } from './modules/feed/index.ts';
import { feedbackAdminModule, feedbackItemsModule, feedbackModule } from './modules/feedback/index.ts';
import { giveawaysAdminModule } from './modules/giveaways/index.ts';
import { createLimitsService, limitsModule } from './modules/limits/index.ts';
import { lottoPartyCheckLines, lottoPartyModule } from './modules/lotto-party/index.ts';
import { membershipModule } from './modules/membership/index.ts';
import { mailboxModule } from './modules/notifications/index.ts';
import { jobsAdminModule } from './modules/operations/index.ts';
import { operatorsModule, provideOperators } from './modules/operators/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { partnersModule } from './modules/partners/index.ts';
import { depositsAdminModule, ledgerAdminModule, paymentsModule } from './modules/payments/index.ts';
import { placementsModule } from './modules/placements/index.ts';
import { recurringModule } from './modules/recurring/index.ts';
import { resultsModule } from './modules/results/index.ts';
import { systemModule } from './modules/system/index.ts';
import { todayModule } from './modules/today/index.ts';
import {
  connectIdModule,
  verificationAdminModule,
  verificationConfigModule,
  verificationHistoryAdminModule,
  verificationModule,
  verificationServiceOf,
} from './modules/verification/index.ts';
import { promotionsAdminModule } from './modules/vouchers/index.ts';
import { walletModule, withdrawalsAdminModule } from './modules/wallet/index.ts';

export type { AppDeps } from './http/types.ts';

/** Builds the API without listening: main.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const defaultBodyLimit = Math.min(DEFAULT_BODY_LIMIT, config.bodyLimitBytes);
  // The rate limit's counts, shared by Fastify's limit and the cached reads answered in front of it.
  const counts = new RequestCounts();
  let reads: CachedReads | undefined;
  const app = Fastify({
    // The server hands each request to the cached reads first (ADR 047), then to Fastify; its
    // settings are the ones Fastify gives the server it makes itself.
    serverFactory: (handler, options) => {
      const server = createServer((req, res) => {
        if (!reads?.answer(req, res)) handler(req, res);
      });
      const setting = (value: unknown) => (typeof value === 'number' ? value : 0);
      server.keepAliveTimeout = setting(options.keepAliveTimeout);
      server.requestTimeout = setting(options.requestTimeout);
      server.setTimeout(setting(options.connectionTimeout));
      if (setting(options.maxRequestsPerSocket) > 0) {
        server.maxRequestsPerSocket = setting(options.maxRequestsPerSocket);
      }
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-signature"]', 'req.headers.cookie'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (req) => requestId(req.headers['x-request-id']),
    // Routes that need more declare their own `bodyLimit`, up to BODY_LIMIT_BYTES.
    bodyLimit: defaultBodyLimit,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: routerErrorReply,
    // A request head Node refuses (over its size, timed out, not HTTP) is answered in the envelope too.
    clientErrorHandler: clientErrorReply,
  });
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas are zod: compiled by the zod provider (Fastify's own compiler cannot read them),
  // though the reply serializer below takes precedence when answers are sent.
  app.setSerializerCompiler(serializerCompiler);
  // Every answer leaves snake_case; one with a response schema is first encoded by it (extra keys dropped).
  app.setReplySerializer((payload) => JSON.stringify(payload, snakeReplacer));
  app.addHook('preSerialization', encodeWithResponseSchema);

  // First, so the statements of every later hook are counted.
  if (config.countStatements) registerStatementCount(app);
  const routes = registerRouteDefaults(app, config.bodyLimitBytes);
  registerErrorHandling(app, routes);
  registerConventions(app);
  // Cached answers holding draws go as soon as a draw changes state, in whichever process.
  app.responseCache.watchDraws(() => drawsVersion(deps.db));
  // Cached answers holding CMS content go as soon as an item is saved, in whichever process (same check).
  app.responseCache.watchContent(() => contentVersion(deps.db));
  await registerFormBodies(app);
  registerSecurityHeaders(app);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    // After the signature check, so the key can tell the storefront's server from anyone else.
    hook: 'preHandler',
    keyGenerator: clientAddress,
    store: sharedStore(counts),
    // The limit's headers go with the 429 answer only, not with every answer (ADR 045).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
  await registerOpenApi(app, defaultBodyLimit, { hideAdmin: deps.config.production });
  // Counting statements needs every request to go through the hooks.
  if (!config.countStatements) {
    reads = cachedReads(app, { counts, max: config.rateLimitMax, timeWindowMs: config.rateLimitWindowMs });
  }

  // One set of accounts services (outbox, tokens, sessions) for every module that signs customers in.
  provideAccounts(app);
  await app.register(systemModule);
  await app.register(catalogueModule, { prefix: '/v2' });
  const verification = verificationServiceOf(deps);
  const catalogue = catalogueReader(deps.db, () => deps.now?.() ?? new Date());
  const limits = createLimitsService(deps.db, () => deps.now?.() ?? new Date());
  await app.register(accountsModule, {
    prefix: '/v2',
    requireCapability: capabilityGate(deps.db),
    overviewParts: async (customer) => {
      const [checks, shop, limitsSet] = await Promise.all([
        verification.overview(customer),
        catalogue.shopOverview(customer.id, customer.pricingId),
        limits.overview(customer.id),
      ]);
      return { ...checks, ...shop, ...limitsSet };
    },
    marketingOffReason: (customerId) => limits.marketingOffReason(customerId),
  });
  await app.register(verificationModule, { prefix: '/v2', service: verification });
  await app.register(connectIdModule, { prefix: '/v2', verification });
  await app.register(cartModule, { prefix: '/v2' });
  await app.register(paymentsModule, { prefix: '/v2' });
  await app.register(checkoutModule, { prefix: '/v2' });
  await app.register(partnersModule, { prefix: '/v2' });
  await app.register(limitsModule, { prefix: '/v2' });
  await app.register(walletModule, { prefix: '/v2' });
  await app.register(resultsModule, { prefix: '/v2' });
  await app.register(ordersModule, { prefix: '/v2' });
  await app.register(placementsModule, { prefix: '/v2' });
  await app.register(feedModule, { prefix: '/v2' });
  await app.register(feedbackModule, { prefix: '/v2' });
  await app.register(addressesModule, { prefix: '/v2' });
  await app.register(recurringModule, { prefix: '/v2' });
  await app.register(lottoPartyModule, { prefix: '/social/v3' });
  await app.register(membershipModule, { prefix: '/rewards' });
  await app.register(contentModule, { prefix: '/cms' });
  await app.register(blogModule, { prefix: '/cms' });
  await app.register(feedbackItemsModule, { prefix: '/cms' });
  await app.register(previewModule, { prefix: '/cms' });
  await app.register(verificationConfigModule, { prefix: '/customer-verify', service: verification });
  await provideOperators(app);
  await app.register(operatorsModule, { prefix: '/admin' });
  await app.register(customerCareModule, { prefix: '/admin' });
  await app.register(feedbackAdminModule, { prefix: '/admin' });
  await app.register(jobsAdminModule, { prefix: '/admin' });
  await app.register(drawsAdminModule, { prefix: '/admin' });
  await app.register(drawDeskAdminModule(lottoPartyCheckLines), { prefix: '/admin' });
  await app.register(todayModule, { prefix: '/admin' });
  await app.register(verificationAdminModule, { prefix: '/admin' });
  await app.register(verificationHistoryAdminModule, { prefix: '/admin' });
  await app.register(withdrawalsAdminModule, { prefix: '/admin' });
  await app.register(depositsAdminModule, { prefix: '/admin' });
  await app.register(ledgerAdminModule, { prefix: '/admin' });
  await app.register(promotionsAdminModule, { prefix: '/admin' });
  await app.register(rafflesAdminModule, { prefix: '/admin' });
  await app.register(postalEntriesAdminModule, { prefix: '/admin' });
  await app.register(supportChatAdminModule, { prefix: '/admin' });
  await app.register(bannedCountriesAdminModule, { prefix: '/admin' });
  await app.register(giveawaysAdminModule, { prefix: '/admin' });
  await app.register(contentAdminModule, { prefix: '/admin' });
  if (!deps.config.production) await app.register(mailboxModule);
  return app;
}
