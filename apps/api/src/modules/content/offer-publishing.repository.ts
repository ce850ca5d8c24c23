/** The product offers as the content role publishes them: key, name, type and whether they are published. */
import { asc, type DbOrTx, eq, productOffers, sql } from '@drawhouse/db';

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

    /** Tickets of the offer sold or entered (a raffle counts those of its draws before the shop, too). */
    async entries(key: string): Promise<number> {
      const [row] = await db
        .select({
          n: sql<number>`((select count(*) from tickets t where t.product_offer_key = ${key})
            + coalesce((select r.tickets_sold from raffles r where r.product_offer_key = ${key}), 0))::int`,
        })
        .from(productOffers)
        .where(eq(productOffers.key, key));
      return row?.n ?? 0;
    },

    async setPublished(key: string, published: boolean): Promise<void> {
      await db.update(productOffers).set({ published }).where(eq(productOffers.key, key));
    },
  };
}
