/**
 * The draw module's followers of outbox events (outbox/outbox.subscriptions.ts says which events):
 *
 * - `draw-riders-close` (`draw.closed` of a lottery draw): the open draws riding it (syndicates,
 *   Lotto Strike) close too. Outside a transaction: each close is a transaction of its own, guarded
 *   on the rider being open, so running it twice closes each rider once.
 * - `draw-pays-settled` (`lotto_party.session.settled`): the draw, capped while the session waited,
 *   moves on (paid, then announced). Outside: `advance` runs the engine's steps, each a guarded
 *   transaction of its own (payouts claimed `skip locked`, transfer ids from the ticket), so a second
 *   run moves nothing twice.
 * - `win-notices`, `win-held-notices`, `syndicate-refund-notices`: winners and refunded buyers told
 *   in the delivery's transaction (win-notices.ts, syndicate-notices.ts).
 */
import type { Subscriber } from '../outbox/index.ts';
import { createDrawEngine, type DrawEngineDeps } from './draw-engine.service.ts';
import { syndicateRefundNoticesSubscriber } from './syndicate-notices.ts';
import { heldWinNoticesSubscriber, winNoticesSubscriber } from './win-notices.ts';

export function drawSubscribers(deps: DrawEngineDeps & { webBaseUrl: string }): Subscriber[] {
  const engine = createDrawEngine(deps);
  return [
    {
      name: 'draw-riders-close',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'draw.closed' || event.payload.drawType !== 'lottery_ticket_draw') return;
        await engine.closeRiders(event.payload.drawId);
      },
    },
    {
      name: 'draw-pays-settled',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'lotto_party.session.settled') return;
        await engine.advance(event.payload.drawId);
      },
    },
    winNoticesSubscriber(deps),
    heldWinNoticesSubscriber(deps),
    syndicateRefundNoticesSubscriber(deps),
  ];
}
