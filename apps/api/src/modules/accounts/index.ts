import type { FastifyPluginAsync } from 'fastify';
import { createAccountsServices } from './accounts.services.ts';
import { authRoutes } from './auth.routes.ts';
import { customerRoutes } from './customer.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { accountsValidatorCompiler } from './validation.ts';

export type { SignedInCustomer } from './session.service.ts';

/**
 * Customer accounts under /v2 (docs/api/accounts.md): sign-up and sign-in, tokens, the account,
 * second factor and step-up. Field errors use the spec's messages (accountsValidatorCompiler).
 */
export const accountsModule: FastifyPluginAsync = async (app) => {
  const services = createAccountsServices(app);
  app.decorateRequest('customer', undefined);
  app.setValidatorCompiler(accountsValidatorCompiler);
  app.addHook('onClose', () => services.ctx.outbox.drain());
  await app.register(authRoutes, { services });
  await app.register(customerRoutes, { services });
  await app.register(twoFactorRoutes, { services });
};
