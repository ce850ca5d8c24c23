/** The product offers as the content role publishes them: key, name, type and whether they are published. */
import { asc, type DbOrTx, eq, productOffers } from '@drawhouse/db';

const COLUMNS = {
  key: productOffers.key,
  name: productOffers.name,
  type: productOffers.type,
  published: productOffers.published,
};

export function offerPublishingRepository(db: DbOrTx) {
  return {
    list() {
      return db
        .select(COLUMNS)
        .from(productOffers)
        .orderBy(asc(productOffers.ranking), asc(productOffers.key));
    },

    /** An offer, held until the transaction ends. */
    async locked(key: string) {
      const rows = await db
        .select(COLUMNS)
        .from(productOffers)
        .where(eq(productOffers.key, key))
        .for('update');
      return rows[0];
    },

    async setPublished(key: string, published: boolean): Promise<void> {
      await db.update(productOffers).set({ published }).where(eq(productOffers.key, key));
    },
  };
}
