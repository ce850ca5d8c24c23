/** Reads and writes of favourite numbers: the catalogue's standard games and the customer's sets. */
import { asc, customers, type Database, eq, gameOffers, gameTypes, productOffers } from '@drawhouse/db';
import type { FavouriteNumberSet, NumberSet } from '@drawhouse/domain';

export function createFavouriteNumbersRepository(db: Database) {
  return {
    /**
     * Per lottery offer, the number sets of its standard game: the default game offer of its
     * `standard` game type, else of its first game type (Lotto Strike, Super 66 have no `standard`).
     */
    async standardNumberSets(): Promise<Map<string, NumberSet[]>> {
      const rows = await db
        .select({
          offerKey: gameTypes.productOfferKey,
          typeKey: gameTypes.key,
          numberSets: gameOffers.numberSets,
        })
        .from(gameTypes)
        .innerJoin(productOffers, eq(productOffers.key, gameTypes.productOfferKey))
        .innerJoin(gameOffers, eq(gameOffers.key, gameTypes.defaultGameOffer))
        .where(eq(productOffers.type, 'lottery_ticket'))
        .orderBy(asc(gameTypes.sortOrder), asc(gameTypes.key));
      const sets = new Map<string, NumberSet[]>();
      for (const row of rows) {
        if (!sets.has(row.offerKey) || row.typeKey === 'standard') sets.set(row.offerKey, row.numberSets);
      }
      return sets;
    },

    async save(customerId: string, list: FavouriteNumberSet[], now: Date): Promise<void> {
      await db
        .update(customers)
        .set({ favouriteNumbers: list, updatedAt: now })
        .where(eq(customers.id, customerId));
    },
  };
}
