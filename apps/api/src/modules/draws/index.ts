import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../http/types.ts';
import { adminDrawsModule } from './admin.routes.ts';
import { adminBoardModule } from './admin-board.routes.ts';
import { createAdminBoard } from './admin-board.service.ts';
import { drawSubscribers } from './draw.subscribers.ts';
import type { SessionsCheck } from './draw-check.service.ts';
import { createDrawEngine, type DrawEngine } from './draw-engine.service.ts';

export { type CheckLine, checkDraw, type SessionsCheck } from './draw-check.service.ts';
export { createDrawEngine, type DrawEngine, type DrawEngineDeps } from './draw-engine.service.ts';
export {
  DRAW_STEP_JOB,
  DRAW_SWEEP_JOB,
  DRAW_TOP_UP_JOB,
  type DrawKick,
  drawKick,
} from './draw-queue.ts';
export type { EntryOutcome } from './draw-results.service.ts';
export { prizeTransferId } from './payouts.service.ts';

/** The engine of an app's (or a worker's) deps. */
export function drawEngineOf(deps: Pick<AppDeps, 'db' | 'now' | 'config'>): DrawEngine {
  return createDrawEngine({
    db: deps.db,
    now: () => deps.now?.() ?? new Date(),
    config: deps.config.draws,
  });
}

/** The draws module's outbox followers, on an app's (or a worker's) deps. */
export function drawSubscribersOf(deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'webBaseUrl'>) {
  return drawSubscribers({
    db: deps.db,
    now: () => deps.now?.() ?? new Date(),
    config: deps.config.draws,
    webBaseUrl: deps.webBaseUrl,
  });
}

/** The operators' calls under /admin. */
export const drawsAdminModule: FastifyPluginAsync = async (app) => {
  await app.register(adminDrawsModule(drawEngineOf(app.deps)));
};

/**
 * The back office's draw desk under /admin: the calendar, a draw, closing early, held prizes and the
 * reconciliation report (`sessions`: the lotto party module's lines, which the engine cannot import).
 */
export function drawDeskAdminModule(sessions: SessionsCheck): FastifyPluginAsync {
  return async (app) => {
    const deps = app.deps;
    const board = createAdminBoard({
      db: deps.db,
      now: () => deps.now?.() ?? new Date(),
      secondApprovalCents: deps.config.draws.prizeSecondApprovalCents,
    });
    await app.register(adminBoardModule(drawEngineOf(deps), board, sessions));
  };
}
