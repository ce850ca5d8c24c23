/**
 * Giveaways as the back office reads, makes and edits them. A new one is written by `@drawhouse/db`'s
 * `insertGiveaway` (its number, reference, secret seed and commitment), in the caller's transaction;
 * an edit rewrites its terms and prizes, never its seed or commitment.
 */
import type { AdminGiveawayQuery } from '@drawhouse/contract';
import {
  and,
  asc,
  count,
  customers,
  type DbOrTx,
  desc,
  eq,
  giveaways,
  giveawayWinners,
  insertGiveaway,
  type NewGiveaway,
  or,
  sql,
} from '@drawhouse/db';
import type { GiveawayValues } from '@drawhouse/domain';

const winnersCount = sql<number>`(select count(*)::int from giveaway_winners w where w.giveaway_id = "giveaways"."id")`;
const paidCount = sql<number>`(select count(*)::int from giveaway_winners w where w.giveaway_id = "giveaways"."id" and w.paid_at is not null)`;

export function giveawaysAdminRepository(db: DbOrTx) {
  const summaries = () =>
    db.select({ giveaway: giveaways, winners: winnersCount, paid: paidCount }).from(giveaways);

  return {
    /** A page of giveaways, latest to close first, by a part of the title or reference, type and status. */
    async list(filter: AdminGiveawayQuery) {
      const words = filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = and(
        words === ''
          ? undefined
          : or(
              sql`lower(${giveaways.title}) like ${`%${words}%`}`,
              sql`lower(${giveaways.externalId}) like ${`%${words}%`}`,
            ),
        filter.type === 'all' ? undefined : eq(giveaways.type, filter.type),
        filter.state === 'all' ? undefined : eq(giveaways.status, filter.state),
      );
      const [rows, [total]] = await Promise.all([
        summaries()
          .where(where)
          .orderBy(desc(giveaways.closesAt), asc(giveaways.externalId))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(giveaways).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async one(id: string) {
      const [row] = await summaries().where(eq(giveaways.id, id));
      return row;
    },

    /** The giveaway's row locked for an edit's transaction (the sweep's close waits for it). */
    async lockForEdit(id: string) {
      const [row] = await db.select().from(giveaways).where(eq(giveaways.id, id)).for('update');
      return row;
    },

    async winners(id: string) {
      return db
        .select({ winner: giveawayWinners, firstname: customers.firstname, lastname: customers.lastname })
        .from(giveawayWinners)
        .innerJoin(customers, eq(customers.id, giveawayWinners.customerId))
        .where(eq(giveawayWinners.giveawayId, id))
        .orderBy(asc(giveawayWinners.prizeIndex));
    },

    insert: (v: NewGiveaway) => insertGiveaway(db, v),

    async update(id: string, v: GiveawayValues) {
      await db
        .update(giveaways)
        .set({
          title: v.title,
          description: v.description,
          pill: v.pill,
          permits: v.permits,
          images: v.images,
          prizes: v.prizes,
          opensAt: v.opensAt,
          closesAt: v.closesAt,
          details: sql`jsonb_set(${giveaways.details}, '{title}', to_jsonb(${v.title}::text))`,
        })
        .where(eq(giveaways.id, id));
    },
  };
}
