import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lottoPartyRoutes } from './lotto-party.routes.ts';

export { groupsRepository } from './groups.repository.ts';
export { isMember } from './groups.service.ts';
export { invitesRepository } from './invites.repository.ts';
export { lottoPartySubscribers } from './lotto-party.subscribers.ts';
export { displayName, sessionView } from './lotto-party.view.ts';
export { lottoPartyCheckLines } from './lotto-party-check.ts';
export {
  closeLottoPartySessions,
  lottoPartyPromoRefundId,
  lottoPartyRefundId,
} from './lotto-party-close.service.ts';
export {
  type LottoPartyMoney,
  lottoPartyMoney,
  type SessionForCart as LottoPartySessionForCart,
} from './lotto-party-money.repository.ts';
export { lottoPartyPrizeId, settleLottoPartySessions } from './lotto-party-settle.service.ts';
export { sessionDrawsRepository } from './session-draws.repository.ts';
export { type SessionRecord, sessionsRepository } from './sessions.repository.ts';
export { sessionViews } from './sessions.service.ts';

/** Lotto party under /social/v3 (docs/api/lotto-party.md). */
export const lottoPartyModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(lottoPartyRoutes);
};
