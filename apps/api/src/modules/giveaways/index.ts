/**
 * Daily Winners giveaways: the engine that closes, draws and pays them (giveaway-engine.service.ts),
 * the winners' notices, and the back office's giveaways under /admin (content role).
 */
import type { AppDeps } from '../../http/types.ts';
import { createGiveawayEngine, type GiveawayEngine } from './giveaway-engine.service.ts';
import { giveawayNoticesSubscriber } from './giveaway-notices.ts';

export {
  createGiveawayEngine,
  type GiveawayEngine,
  giveawayPrizeTransferId,
} from './giveaway-engine.service.ts';
export { giveawayWinSourceKey } from './giveaway-notices.ts';
export { giveawayPrizeView, giveawayProof, giveawayView } from './giveaway-view.ts';
export { giveawaysAdminModule } from './giveaways-admin.routes.ts';
export { createGiveawaysAdmin, type GiveawaysAdmin } from './giveaways-admin.service.ts';

/** The minute's sweep: closes, draws and pays every giveaway due. */
export const GIVEAWAY_SWEEP_JOB = 'giveaways-sweep';

/** The engine of an app's (or a worker's) deps. */
export function giveawayEngineOf(deps: Pick<AppDeps, 'db' | 'now'>): GiveawayEngine {
  return createGiveawayEngine({ db: deps.db, now: () => deps.now?.() ?? new Date() });
}

/** The giveaways module's outbox followers. */
export function giveawaySubscribersOf(deps: Pick<AppDeps, 'webBaseUrl'>) {
  return [giveawayNoticesSubscriber({ webBaseUrl: deps.webBaseUrl })];
}
