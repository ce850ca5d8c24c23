/**
 * The placement service's use cases: which offer each asked placement features (the domain's
 * featurePlacement over the pricing's offers as they are on sale now, leaving out what the cart
 * holds and what the visitor's primed cart held), and priming: recording what a cart holds.
 */
import type { CartPrime, Placement, PlacementQuery, ProductOffer } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { type FeatureCandidate, featurePlacement, moneyToCents } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type CartOwner, cartOfferKeys } from '../cart/index.ts';
import { catalogueReader } from '../catalogue/index.ts';
import { placementsRepository } from './placements.repository.ts';

/** The segment identities a request names, as the primes are kept. */
export function segmentKeys(ids: { segmentUserId?: string; segmentDeviceId?: string }): string[] {
  const keys: string[] = [];
  if (ids.segmentUserId) keys.push(`user:${ids.segmentUserId}`);
  if (ids.segmentDeviceId) keys.push(`device:${ids.segmentDeviceId}`);
  return keys;
}

/** What the rule reads of an offer: its first draw that takes entries now. */
function candidateOf(offer: ProductOffer): FeatureCandidate {
  const next = offer.draws.find((d) => d.purchaseStatus === 'open');
  return {
    key: offer.key,
    displayCategory: offer.displayCategory,
    ranking: offer.ranking,
    nextDraw: next
      ? {
          stopAt: new Date(next.stop),
          prizePoolCents: next.prizePool && !next.isPrizePoolUnknown ? moneyToCents(next.prizePool) : null,
        }
      : null,
  };
}

export const cartNotFound = () => new AppError(404, 'cart_not_found', 'There is no such cart to prime.');

export function createPlacementsService({ db, now }: { db: Database; now: () => Date }) {
  const catalogue = catalogueReader(db, now);
  const repo = placementsRepository(db);

  return {
    async placements(query: PlacementQuery): Promise<Placement[]> {
      const [{ offers }, primed] = await Promise.all([
        catalogue.productOffers(query.pricingId),
        repo.primedOfferKeys(segmentKeys(query)),
      ]);
      const shown = offers.filter((o) => o.availability === 'available' && !o.suspended);
      const inCart = [...(query.cart ?? []), ...primed];
      const out: Placement[] = [];
      for (const key of new Set(query.keys)) {
        if (key !== 'feature_placement') continue;
        const pick = featurePlacement(shown.map(candidateOf), inCart, now());
        if (pick) out.push({ key, productOfferKey: pick.key, reason: pick.reason });
      }
      return out;
    },

    /** Records the offers the owner's open cart holds under the segment identities named. */
    async prime(
      owner: CartOwner,
      ids: { segmentUserId?: string; segmentDeviceId?: string },
    ): Promise<CartPrime> {
      const keys = await cartOfferKeys(db, owner, now());
      if (keys === undefined) throw cartNotFound();
      await repo.prime(segmentKeys(ids), keys, now());
      return { productOfferKeys: keys };
    },
  };
}
