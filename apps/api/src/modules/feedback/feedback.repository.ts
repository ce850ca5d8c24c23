/** Feedback events: written by the shop's feedback modal, read by support in the back office. */
import { count, type DbOrTx, desc, eq, feedbackEvents, type SQL } from '@drawhouse/db';

export type NewFeedbackEvent = typeof feedbackEvents.$inferInsert;
export type FeedbackEventRow = typeof feedbackEvents.$inferSelect;

export function feedbackRepository(db: DbOrTx) {
  return {
    async insert(event: NewFeedbackEvent): Promise<{ id: string; createdAt: Date }> {
      const [row] = await db
        .insert(feedbackEvents)
        .values(event)
        .returning({ id: feedbackEvents.id, createdAt: feedbackEvents.createdAt });
      if (!row) throw new Error('feedback event not stored');
      return row;
    },

    /** Newest first, one page; `rating` narrows to one rating. */
    async list(rating: string | undefined, page: number, limit: number) {
      const where: SQL | undefined = rating ? eq(feedbackEvents.rating, rating) : undefined;
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(feedbackEvents)
          .where(where)
          .orderBy(desc(feedbackEvents.createdAt), desc(feedbackEvents.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(feedbackEvents).where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },
  };
}
