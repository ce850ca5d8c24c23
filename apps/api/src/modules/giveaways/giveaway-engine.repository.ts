/**
 * The giveaway engine's reads and writes: closing and drawing are `@drawhouse/db`'s (the seed's code
 * path too); paying claims a giveaway's unpaid winners `for update skip locked`, marks them paid and
 * moves the giveaway to paid once none is left; the winners of a batch are read back to be told.
 */
import {
  and,
  asc,
  closeGiveaway,
  customers,
  type DbOrTx,
  drawGiveaway,
  eq,
  type GiveawayRow,
  giveaways,
  giveawayWinners,
  inArray,
  isNull,
  lte,
  or,
  sql,
} from '@drawhouse/db';

export function giveawayEngineRepository(db: DbOrTx) {
  return {
    one: async (id: string) => (await db.select().from(giveaways).where(eq(giveaways.id, id)))[0],

    async byNumber(type: GiveawayRow['type'], number: number) {
      const [row] = await db
        .select()
        .from(giveaways)
        .where(and(eq(giveaways.type, type), eq(giveaways.number, number)));
      return row;
    },

    close: (id: string, now: Date) => closeGiveaway(db, id, now),
    draw: (id: string, now: Date) => drawGiveaway(db, id, now),

    /** Giveaways that can move now: open past their close, closed, or drawn (not paid yet). */
    async due(now: Date) {
      return db
        .select({ id: giveaways.id })
        .from(giveaways)
        .where(
          or(
            and(eq(giveaways.status, 'open'), lte(giveaways.closesAt, now)),
            inArray(giveaways.status, ['closed', 'drawn']),
          ),
        )
        .orderBy(asc(giveaways.closesAt));
    },

    /** A drawn giveaway's unpaid winners, claimed (another worker skips them), in customer order. */
    async claimUnpaid(id: string) {
      return db
        .select({ winner: giveawayWinners })
        .from(giveawayWinners)
        .innerJoin(giveaways, eq(giveaways.id, giveawayWinners.giveawayId))
        .where(
          and(
            eq(giveawayWinners.giveawayId, id),
            eq(giveaways.status, 'drawn'),
            isNull(giveawayWinners.paidAt),
          ),
        )
        .orderBy(asc(giveawayWinners.customerId), asc(giveawayWinners.prizeIndex))
        .for('update', { of: giveawayWinners, skipLocked: true });
    },

    async markPaid(id: string, prizeIndexes: readonly number[], now: Date) {
      await db
        .update(giveawayWinners)
        .set({ paidAt: now })
        .where(
          and(eq(giveawayWinners.giveawayId, id), inArray(giveawayWinners.prizeIndex, [...prizeIndexes])),
        );
    },

    /** drawn -> paid once every winner is paid; answers whether this call moved it. */
    async finishPaying(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(giveaways)
        .set({ status: 'paid', paidAt: now })
        .where(
          and(
            eq(giveaways.id, id),
            eq(giveaways.status, 'drawn'),
            sql`not exists (select 1 from giveaway_winners w where w.giveaway_id = ${id} and w.paid_at is null)`,
          ),
        )
        .returning({ id: giveaways.id });
      return rows.length === 1;
    },

    /** The winners of these prizes with what telling them needs. */
    async winnersToTell(id: string, prizeIndexes: readonly number[]) {
      return db
        .select({
          winner: giveawayWinners,
          giveaway: {
            id: giveaways.id,
            type: giveaways.type,
            number: giveaways.number,
            title: giveaways.title,
          },
          email: customers.email,
          firstname: customers.firstname,
        })
        .from(giveawayWinners)
        .innerJoin(giveaways, eq(giveaways.id, giveawayWinners.giveawayId))
        .innerJoin(customers, eq(customers.id, giveawayWinners.customerId))
        .where(
          and(
            eq(giveawayWinners.giveawayId, id),
            inArray(giveawayWinners.prizeIndex, [...prizeIndexes]),
            sql`${giveawayWinners.paidAt} is not null`,
          ),
        )
        .orderBy(asc(giveawayWinners.prizeIndex));
    },
  };
}
