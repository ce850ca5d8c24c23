/** Public syndicates of a test's own: one draw on sale, closed by the engine when the test says. */
import {
  createDraw,
  createProductOffer,
  type Database,
  type DrawRow,
  draws,
  eq,
  productOffers,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { drawEngineOf } from '../src/modules/draws/index.ts';

export const COST_PER_SHARE = 500;

export function ownSyndicates(app: FastifyInstance, db: Database) {
  const engine = drawEngineOf(app.deps);
  return {
    /**
     * A syndicate of its own with `totalShares` shares and one draw on sale. It rides no lottery until
     * its close (`closeNow`): the seed's top-up, run by other test files, would give it draws.
     */
    async ownSyndicate(totalShares: number) {
      const offer = await createProductOffer(db, {
        type: 'syndicate_share',
        displayCategory: 'syndicate',
        costPerShareCents: COST_PER_SHARE,
        syndicateTickets: { numStandardGames: 480, numGames: 4, name: '4 × System 10' },
        syndicateTotalShares: totalShares,
        syndicateSharesSold: 0,
        recurringPurchase: null,
      });
      const draw = await createDraw(db, offer.key, { type: 'syndicate_share_draw' });
      return { offer, draw };
    },

    /** Brings the draw's stop time into the past and closes it as the engine would, riding Powerball. */
    async closeNow(draw: DrawRow) {
      await db
        .update(draws)
        .set({ stopAt: new Date(Date.now() - 1_000) })
        .where(eq(draws.id, draw.id));
      const ride = (lotteryKey: string | null) =>
        db.update(productOffers).set({ lotteryKey }).where(eq(productOffers.key, draw.productOfferKey));
      await ride('powerball');
      try {
        return await engine.close(draw.id);
      } finally {
        await ride(null);
      }
    },
  };
}
