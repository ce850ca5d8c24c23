import { type ApiConfig, loadConfig } from '../config.ts';
import type { PaymentsDeps } from '../modules/payments/index.ts';
import type { OperatorContext } from './command.ts';

/** What the modules' use cases need, for a command: its database, clock and the configuration of its environment. */
export function operatorDeps(ctx: OperatorContext, config: ApiConfig = loadConfig(ctx.env)): PaymentsDeps {
  return { db: ctx.db, config, now: ctx.now, webBaseUrl: config.webBaseUrl };
}
