/**
 * The notifications feed's reads and writes, every one bound to the customer (an entry written names
 * its customer). The only file of the
 * module that touches Drizzle. Dismissed notifications are gone from the feed.
 */
import { and, count, type DbOrTx, desc, eq, isNull, lte, notifications } from '@drawhouse/db';

export type NotificationRow = typeof notifications.$inferSelect;

export function feedRepository(db: DbOrTx) {
  const live = (customerId: string) =>
    and(eq(notifications.customerId, customerId), isNull(notifications.dismissedAt));

  async function unviewed(customerId: string): Promise<number> {
    const rows = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(live(customerId), isNull(notifications.viewedAt)));
    return rows[0]?.n ?? 0;
  }

  return {
    unviewed,

    async page(customerId: string, limit: number, offset: number) {
      const [rows, totals, unviewedCount] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(live(customerId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(notifications).where(live(customerId)),
        unviewed(customerId),
      ]);
      return { rows, total: totals[0]?.n ?? 0, unviewedCount };
    },

    /** Marks viewed what was there at `now`; answers how many it marked. */
    async markViewed(customerId: string, now: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ viewedAt: now })
        .where(
          and(
            eq(notifications.customerId, customerId),
            isNull(notifications.viewedAt),
            lte(notifications.createdAt, now),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Dismisses one (viewed too); false when the customer has no such notification. Twice is once. */
    async dismiss(customerId: string, id: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ viewedAt: notifications.viewedAt, dismissedAt: notifications.dismissedAt })
          .from(notifications)
          .where(and(eq(notifications.id, id), eq(notifications.customerId, customerId)))
          .for('update');
        if (!row) return false;
        await tx
          .update(notifications)
          .set({ dismissedAt: row.dismissedAt ?? now, viewedAt: row.viewedAt ?? now })
          .where(eq(notifications.id, id));
        return true;
      });
    },

    /** Writes a feed entry once per (customer, source key); answers whether it was written now. */
    async insertOnce(row: typeof notifications.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(notifications)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      return inserted.length === 1;
    },

    /** Writes entries once each; answers the (customer, source key) of those written now. */
    async insertManyOnce(
      rows: (typeof notifications.$inferInsert)[],
    ): Promise<{ customerId: string; sourceKey: string }[]> {
      const written: { customerId: string; sourceKey: string }[] = [];
      for (let i = 0; i < rows.length; i += 2000) {
        written.push(
          ...(await db
            .insert(notifications)
            .values(rows.slice(i, i + 2000))
            .onConflictDoNothing()
            .returning({ customerId: notifications.customerId, sourceKey: notifications.sourceKey })),
        );
      }
      return written;
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
