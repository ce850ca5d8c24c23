/** The carts the placement service was primed with, by segment identity (placement_cart_primes). */
import { type Database, inArray, placementCartPrimes } from '@drawhouse/db';

export function placementsRepository(db: Database) {
  return {
    /** Records (or replaces), in one statement, what the cart of these segment identities holds. */
    async prime(segmentKeys: string[], productOfferKeys: string[], now: Date): Promise<void> {
      if (segmentKeys.length === 0) return;
      await db
        .insert(placementCartPrimes)
        .values(segmentKeys.map((segmentKey) => ({ segmentKey, productOfferKeys, primedAt: now })))
        .onConflictDoUpdate({
          target: placementCartPrimes.segmentKey,
          set: { productOfferKeys, primedAt: now },
        });
    },

    /** The offers the primed carts of these identities hold. */
    async primedOfferKeys(segmentKeys: string[]): Promise<string[]> {
      if (segmentKeys.length === 0) return [];
      const rows = await db
        .select({ keys: placementCartPrimes.productOfferKeys })
        .from(placementCartPrimes)
        .where(inArray(placementCartPrimes.segmentKey, segmentKeys));
      return rows.flatMap((r) => r.keys);
    },
  };
}
