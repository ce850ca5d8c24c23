/** The accounts services wired together; `provideAccounts` (index.ts) builds them once per app. */
import type { FastifyInstance } from 'fastify';
import type { AccountsContext } from './accounts.context.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createAuthenticate } from './authenticate.ts';
import { createCustomerService } from './customer.service.ts';
import { createFavouriteNumbersRepository } from './favourite-numbers.repository.ts';
import { createFavouriteNumbersService } from './favourite-numbers.service.ts';
import { createOutbox } from './mail-outbox.ts';
import { createSessionService } from './session.service.ts';
import { createTokenKit } from './tokens.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export type AccountsServices = ReturnType<typeof createAccountsServices>;

export function createAccountsServices(app: FastifyInstance) {
  const { deps } = app;
  const ctx: AccountsContext = {
    repo: createAccountsRepository(deps.db),
    tokens: createTokenKit(deps.jwtSecret),
    outbox: createOutbox(deps.mailer, app.log),
    now: () => deps.now?.() ?? new Date(),
    minimumAge: deps.config.minimumRegistrationAge,
    webBaseUrl: deps.webBaseUrl,
    log: app.log,
  };
  const sessions = createSessionService(ctx);
  const twoFactor = createTwoFactorService(ctx, sessions);
  const favouriteNumbers = createFavouriteNumbersService(createFavouriteNumbersRepository(deps.db), ctx.now);
  const auth = createAuthService(ctx, sessions, twoFactor, favouriteNumbers);
  const customers = createCustomerService(ctx, auth);
  return {
    ctx,
    sessions,
    twoFactor,
    auth,
    customers,
    favouriteNumbers,
    authenticate: createAuthenticate(sessions),
  };
}
