/** The accounts services wired together; `provideAccounts` (index.ts) builds them once per app. */
import type { FastifyInstance } from 'fastify';
import type { AccountsContext } from './accounts.context.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAuthenticate } from './authenticate.ts';
import { createCustomerService } from './customer.service.ts';
import { createFavouriteNumbersRepository } from './favourite-numbers.repository.ts';
import { createFavouriteNumbersService } from './favourite-numbers.service.ts';
import { createIpLocator } from './ip-locator.ts';
import { createLocationRepository } from './location.repository.ts';
import { createLocationService } from './location.service.ts';
import { createMigrationService } from './migration.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createSessionService } from './session.service.ts';
import { createSignInService } from './sign-in.service.ts';
import { createSignupService } from './signup.service.ts';
import { socialClients } from './social-sign-in/social-sign-in.client.ts';
import { createSocialSignInService } from './social-sign-in/social-sign-in.service.ts';
import { createTokenKit } from './tokens.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export type AccountsServices = ReturnType<typeof createAccountsServices>;

export function createAccountsServices(app: FastifyInstance) {
  const { deps } = app;
  const ctx: AccountsContext = {
    repo: createAccountsRepository(deps.db),
    tokens: createTokenKit(deps.jwtSecret),
    now: () => deps.now?.() ?? new Date(),
    minimumAge: deps.config.minimumRegistrationAge,
    webBaseUrl: deps.webBaseUrl,
    log: app.log,
  };
  const sessions = createSessionService(ctx);
  const twoFactor = createTwoFactorService(ctx, sessions);
  const favouriteNumbers = createFavouriteNumbersService(createFavouriteNumbersRepository(deps.db), ctx.now);
  const signup = createSignupService(ctx, sessions, favouriteNumbers);
  const signIn = createSignInService(ctx, sessions, twoFactor);
  return {
    ctx,
    sessions,
    twoFactor,
    signup,
    signIn,
    socialSignIn: createSocialSignInService({
      ctx,
      sessions,
      signIn,
      signup,
      clients: socialClients(deps.config.socialSignIn, deps.webBaseUrl),
    }),
    passwordReset: createPasswordResetService(ctx),
    customers: createCustomerService(ctx),
    location: createLocationService(createLocationRepository(deps.db), createIpLocator(), ctx.now),
    favouriteNumbers,
    migration: createMigrationService(ctx),
    authenticate: createAuthenticate(sessions),
  };
}
