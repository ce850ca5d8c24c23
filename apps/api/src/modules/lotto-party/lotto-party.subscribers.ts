/**
 * The lotto party's followers of the draw engine's events (outbox/outbox.subscriptions.ts). Each
 * runs outside a transaction because it works session by session, one transaction each with the
 * session row locked and customers' accounts locked in order; each is idempotent, so the outbox may
 * run it again after a failure or a lost lease:
 *
 * - `lotto-party-close` (`draw.closed`): the draw's open sessions closed; a session is moved only
 *   from `open`, and its refunds' transfer ids come from the share rows.
 * - `lotto-party-settle` (`draw.scored`): sessions left open closed (refunded), then each closed
 *   session settled; settling is guarded on `closed` and not held, prize transfer ids from the shares.
 * - `lotto-party-release` (`prize.released`): the draw's held sessions settled as approved by the
 *   operator; guarded on `closed` and held.
 */
import type { Subscriber } from '../outbox/index.ts';
import { closeLottoPartySessions, type LottoPartyCloseDeps } from './lotto-party-close.service.ts';
import { releaseLottoPartySessions, settleLottoPartySessions } from './lotto-party-settle.service.ts';

export type LottoPartySubscriberDeps = LottoPartyCloseDeps & {
  webBaseUrl: string;
  /** The draws' approval threshold: a session's prize over it waits for an operator. */
  config: { prizeApprovalThresholdCents: number };
};

export function lottoPartySubscribers(deps: LottoPartySubscriberDeps): Subscriber[] {
  return [
    {
      name: 'lotto-party-close',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'draw.closed') return;
        await closeLottoPartySessions(deps, event.payload.drawId);
      },
    },
    {
      name: 'lotto-party-settle',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'draw.scored') return;
        await settleLottoPartySessions(deps, event.payload.drawId);
      },
    },
    {
      name: 'lotto-party-release',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'prize.released') return;
        await releaseLottoPartySessions(deps, event.payload.drawId, event.payload.operator);
      },
    },
  ];
}
