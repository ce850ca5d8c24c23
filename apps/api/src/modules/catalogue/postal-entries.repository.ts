/**
 * Free postal entries as the back office records and lists them. The raffle's row is locked first, so
 * entries and sales of the raffle take their numbers one after another from its `tickets_sold` counter.
 */
import {
  and,
  asc,
  type DbOrTx,
  draws,
  eq,
  productOffers,
  rafflePostalEntries,
  raffles,
  sql,
} from '@drawhouse/db';
import type { PostalEntryValues } from '@drawhouse/domain';

export type PostalEntryRow = typeof rafflePostalEntries.$inferSelect;

export function postalEntriesRepository(db: DbOrTx) {
  return {
    /** The raffle and its draw of that number; `lock` holds the raffle's row until the transaction ends. */
    async raffleDraw(key: string, drawNo: number, lock: boolean) {
      const query = db
        .select({ raffle: raffles, name: productOffers.name, draw: draws })
        .from(raffles)
        .innerJoin(productOffers, eq(productOffers.key, raffles.productOfferKey))
        .innerJoin(draws, and(eq(draws.productOfferKey, raffles.productOfferKey), eq(draws.drawNo, drawNo)))
        .where(eq(raffles.productOfferKey, key))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: raffles }) : await query;
      return row;
    },

    async entries(drawId: string): Promise<PostalEntryRow[]> {
      return db
        .select()
        .from(rafflePostalEntries)
        .where(eq(rafflePostalEntries.drawId, drawId))
        .orderBy(asc(rafflePostalEntries.number));
    },

    async entryOf(drawId: string, emailKey: string): Promise<PostalEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(rafflePostalEntries)
        .where(and(eq(rafflePostalEntries.drawId, drawId), eq(rafflePostalEntries.emailKey, emailKey)))
        .limit(1);
      return row;
    },

    /** The raffle's next ticket number (the one a sale would get), or undefined when none is left. */
    async takeNumber(key: string): Promise<number | undefined> {
      const [row] = await db
        .update(raffles)
        .set({ ticketsSold: sql`${raffles.ticketsSold} + 1` })
        .where(and(eq(raffles.productOfferKey, key), sql`${raffles.ticketsSold} < ${raffles.totalTickets}`))
        .returning({ sold: raffles.ticketsSold });
      return row?.sold;
    },

    async insert(
      entry: PostalEntryValues & {
        productOfferKey: string;
        drawId: string;
        number: number;
        operatorId: string | null;
      },
    ): Promise<PostalEntryRow> {
      const [row] = await db.insert(rafflePostalEntries).values(entry).returning();
      if (!row) throw new Error('the postal entry was not written');
      return row;
    },
  };
}
