import type { FastifyPluginAsync } from 'fastify';
import { paymentsRoutes } from './payments.routes.ts';
import { paymentsOf } from './payments.services.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { stripeRoutes } from './stripe.routes.ts';

/** Payments under /v2: the customer's calls and the sandbox gateway's browser-facing ones. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  const payments = paymentsOf(app.deps);
  payments.useLog(app.log);
  await app.register(paymentsRoutes, { payments });
  if (payments.gateway.key === 'sandbox') await app.register(sandboxRoutes, { payments });
  else await app.register(stripeRoutes, { payments });
};
