import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { elevationRequired } from './accounts.context.ts';
import { createAccountsServices } from './accounts.services.ts';
import { authRoutes } from './auth.routes.ts';
import { type Authenticate, signedIn } from './authenticate.ts';
import { customerRoutes } from './customer.routes.ts';
import { favouriteNumbersRoutes } from './favourite-numbers.routes.ts';
import type { SignedInCustomer } from './session.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

export type { SignedInCustomer } from './session.service.ts';
export { signedIn };

/**
 * Customer accounts under /v2 (docs/api/accounts.md): sign-up and sign-in, tokens, the account,
 * second factor and step-up.
 */
export const accountsModule: FastifyPluginAsync = async (app) => {
  const services = createAccountsServices(app);
  app.decorateRequest('customer', undefined);
  app.addHook('onClose', () => services.ctx.outbox.drain());
  await app.register(authRoutes, { services });
  await app.register(customerRoutes, { services });
  await app.register(twoFactorRoutes, { services });
  await app.register(favouriteNumbersRoutes, { services });
};

/**
 * Sign-in for other modules' customer routes (wallet, limits ...): `authenticate` as a route's
 * `preValidation` sets `request.customer` (read it with `signedIn(request)`), and `requireStepUp`
 * answers 403 `REQUIRED` unless the session stepped up in the last 5 minutes.
 */
export function customerAuth(app: FastifyInstance): {
  authenticate: Authenticate;
  requireStepUp: (request: FastifyRequest) => SignedInCustomer;
} {
  const services = createAccountsServices(app);
  return {
    authenticate: services.authenticate.required,
    requireStepUp(request) {
      const customer = signedIn(request);
      if (!customer.elevated) throw elevationRequired();
      return customer;
    },
  };
}
