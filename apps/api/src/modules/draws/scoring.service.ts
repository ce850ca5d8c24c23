/**
 * DRAW_DRAWN -> DRAW_SCORED, in one transaction per draw (the draw row claimed with `skip locked`,
 * so a second worker leaves it alone and a crash scores it again from scratch). Each kind of draw is
 * scored by its own file: lottery draws (lottery-scoring: every ticket's games, the lotto party
 * entries counted among the winners), syndicate draws (syndicate-scoring: their own entry, its prize
 * split by shares) and raffle draws (raffle-scoring: their winning numbers turned into wins). The
 * move writes `draw.scored` and, when a payout is held over the approval threshold, `prize.held`.
 * A syndicate draw whose entry waited for a prize is scored again once it is entered.
 */
import type { Database, Transaction } from '@drawhouse/db';
import { emitHeld, emitScored } from './draw-events.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { type DrawWithOffer, drawsRepository } from './draws.repository.ts';
import { lotteryKeyOf, scoreLottery } from './lottery-scoring.service.ts';
import { payoutsRepository } from './payouts.repository.ts';
import { scoreRaffle } from './raffle-scoring.service.ts';
import { scoringRepository } from './scoring.repository.ts';
import { ensureSyndicateEntry, scoreSyndicate } from './syndicate-scoring.service.ts';

export type ScoringDeps = { db: Database; now: () => Date; thresholdCents: number };

export function createScoringService(deps: ScoringDeps) {
  const { db, now, thresholdCents } = deps;

  return {
    /**
     * Scores a drawn draw once; answers whether this call did. Writes `draw.scored` (its lotto party
     * sessions are settled) and, when a payout is held over the approval threshold, `prize.held`.
     */
    async score(drawId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const found = await drawsRepository(tx).claim(drawId, 'DRAW_DRAWN');
        if (!found) return false;
        if (found.draw.type === 'raffle_ticket_draw') await scoreRaffle(tx, found, thresholdCents);
        else if (found.draw.type === 'syndicate_share_draw') await scoreSyndicate(tx, found, thresholdCents);
        else await scoreLottery(tx, found, thresholdCents);
        const moved = await drawsRepository(tx).move(drawId, 'DRAW_DRAWN', 'DRAW_SCORED', {
          scoredAt: now(),
        });
        if (!moved) return false;
        await emitScored(tx, found);
        await emitHeld(tx, drawId);
        return true;
      });
    },

    /**
     * A scored syndicate draw whose entry won a division that waited for its prize, once the prizes
     * are entered on its lottery draw: the divisions priced and the draw scored again (nothing of it
     * was paid: every share waited). Answers whether this call did.
     */
    async priceAwaitingSyndicate(drawId: string, prizes: Record<string, number>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const scoringRepo = scoringRepository(tx);
        const payoutsRepo = payoutsRepository(tx);
        const found = await drawsRepo.drawById(drawId, 'wait');
        if (found?.draw.type !== 'syndicate_share_draw') return false;
        if (!['DRAW_SCORED', 'DRAW_CAPPED'].includes(found.draw.status)) return false;
        const counts = await payoutsRepo.payoutCounts(drawId);
        if (counts.prizePending === 0 || counts.pending + counts.held + counts.paid > 0) return false;
        await resultsRepo.applyPrizes(drawId, prizes, thresholdCents);
        await scoringRepo.dropAwaitingScore(drawId);
        await scoreSyndicate(tx, found, thresholdCents);
        await emitHeld(tx, drawId);
        return true;
      });
    },

    /** A syndicate draw's entry, quick-picked once in its close's transaction (none for a cancelled one). */
    async pickSyndicateEntry(tx: Transaction, found: DrawWithOffer): Promise<void> {
      await ensureSyndicateEntry(tx, found, lotteryKeyOf(found));
    },
  };
}

export type ScoringService = ReturnType<typeof createScoringService>;
