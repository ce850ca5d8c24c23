/**
 * Giveaway winners told: `giveaway.prize_credited` (one per batch of prizes paid) tells each winner
 * of the batch in the feed (source key `giveaway-win:{giveawayId}:{prizeIndex}`) and by mail with
 * the same words, in the delivery's transaction, so a winner is told once however often it runs.
 */
import { giveawayPath, giveawayWinNotice } from '@drawhouse/domain';
import { mailOfNotice, noticeSubscriber } from '../feed/index.ts';
import { giveawayEngineRepository } from './giveaway-engine.repository.ts';

export const giveawayWinSourceKey = (giveawayId: string, prizeIndex: number) =>
  `giveaway-win:${giveawayId}:${prizeIndex}`;

export function giveawayNoticesSubscriber(deps: { webBaseUrl: string }) {
  return noticeSubscriber('giveaway-win-notices', async (tx, event) => {
    if (event.type !== 'giveaway.prize_credited') return [];
    const { giveawayId, prizeIndexes } = event.payload;
    const winners = await giveawayEngineRepository(tx).winnersToTell(giveawayId, prizeIndexes);
    return winners.map(({ winner, giveaway, email, firstname }) => {
      const notice = giveawayWinNotice({
        giveawayTitle: giveaway.title,
        prizeTitle: winner.title,
        amountCents: winner.amountCents,
        kind: winner.kind,
        giveawayPath: giveawayPath(giveaway.type, giveaway.number),
      });
      return {
        customerId: winner.customerId,
        entry: {
          customerId: winner.customerId,
          sourceKey: giveawayWinSourceKey(giveawayId, winner.prizeIndex),
          notice,
        },
        to: email,
        mail: mailOfNotice({
          notice,
          firstname,
          webBaseUrl: deps.webBaseUrl,
          fallback: { link: giveawayPath(giveaway.type, giveaway.number), text: 'See the winners' },
        }),
      };
    });
  });
}
