import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clientAddress } from '../../http/conventions.ts';
import { elevationRequired } from './accounts.context.ts';
import { type AccountsServices, createAccountsServices } from './accounts.services.ts';
import { authRoutes } from './auth.routes.ts';
import { type Authenticate, signedIn } from './authenticate.ts';
import type { MarketingOffReason } from './communication-preferences.service.ts';
import { customerRoutes, type OverviewPartsOf } from './customer.routes.ts';
import { favouriteNumbersRoutes } from './favourite-numbers.routes.ts';
import { migrationRoutes } from './migration.routes.ts';
import type { SignedInCustomer } from './session.service.ts';
import { type RequireCapability, socialSignInRoutes } from './social-sign-in/social-sign-in.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

/** The per-key failure throttle of sign-in, also for a saved card's security code (payments module). */
export { failureThrottle, type ThrottleRule } from './accounts.repository.ts';
/** What follows an account's changes (welcome and security mail, reset links, sign-in codes). */
export { accountsSubscribers } from './accounts.subscribers.ts';
/** Support's actions on an account, in the back office's transaction (customer-care module). */
export { customerSupport, type SupportState } from './customer-support.ts';
/** The move of an older account into the wallet, run after its start commits (tests deliver it again). */
export { migrationSubscriber } from './migration.subscribers.ts';
/** argon2id hashing and the password rule, also for operators (operators module). */
export { checkPassword, hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';
export type { SignedInCustomer } from './session.service.ts';
/** Apple and Google sign-ins past their use are forgotten daily (jobs). */
export { pruneSocialSignIns } from './social-sign-in/social-sign-in.service.ts';
/** Secrets at rest (authenticator secrets) and one-time link tokens, also for operators. */
export { createTokenKit, randomToken, sha256 } from './tokens.ts';
export { signedIn };

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts services of this app: one token kit, shared by every module. */
    accounts: AccountsServices;
  }
}

/**
 * Wires the accounts services once for the app, on the root instance before any module registers:
 * the accounts routes and every module's `customerAuth` use this one set.
 */
export function provideAccounts(app: FastifyInstance): void {
  const services = createAccountsServices(app);
  app.decorate('accounts', services);
  app.decorateRequest('customer', undefined);
}

function servicesOf(app: FastifyInstance): AccountsServices {
  if (!app.hasDecorator('accounts')) throw new Error('provideAccounts(app) must run before the modules');
  return app.accounts;
}

/**
 * Customer accounts under /v2 (docs/api/accounts.md): sign-up and sign-in, tokens, the account,
 * second factor and step-up. The overview's parts other modules know (verification, branding,
 * experiments) come from `overviewParts`, which app.ts puts together from those modules.
 */
export const accountsModule: FastifyPluginAsync<{
  overviewParts: OverviewPartsOf;
  /** The catalogue's capability gate (app.ts hands it over): Apple and Google sign-in are capabilities. */
  requireCapability: RequireCapability;
  /** Why marketing cannot be switched on (the limits module's self-exclusion), or null. */
  marketingOffReason?: MarketingOffReason;
}> = async (app, { overviewParts, requireCapability, marketingOffReason = async () => null }) => {
  const services = servicesOf(app);
  await app.register(authRoutes, { services });
  await app.register(customerRoutes, { services, overviewParts, marketingOffReason });
  await app.register(twoFactorRoutes, { services });
  await app.register(favouriteNumbersRoutes, { services });
  await app.register(migrationRoutes, { services });
  await app.register(socialSignInRoutes, { services, requireCapability });
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
  return {
    authenticate: servicesOf(app).authenticate.required,
    requireStepUp(request) {
      const customer = signedIn(request);
      if (!customer.elevated) throw elevationRequired();
      return customer;
    },
  };
}

/**
 * Where a request comes from, for other modules' buying routes (cart, checkout, partners): the
 * country its address is located in (null: not located). The route passes it to its use case as a
 * value, and the limits guard decides in the use case's transaction what it allows (ADR 079, 085).
 */
export function locatedCountryOf(app: FastifyInstance): (request: FastifyRequest) => Promise<string | null> {
  const { location } = servicesOf(app);
  return (request) => location.locatedCountry(clientAddress(request));
}
