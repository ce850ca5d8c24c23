/**
 * ConnectID sign-ins under way (table connect_id_requests): written when one starts, read and used
 * once when the provider's answer comes back. Only ever the signed-in customer's own.
 */
import { and, connectIdRequests, count, type DbOrTx, eq, gt, isNull, lt } from '@drawhouse/db';

export type ConnectIdRequestRow = typeof connectIdRequests.$inferSelect;

export function connectIdRepository(db: DbOrTx) {
  return {
    async insert(request: {
      customerId: string;
      state: string;
      nonce: string;
      codeVerifier: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      const { now, ...rest } = request;
      await db.insert(connectIdRequests).values({ ...rest, createdAt: now });
    },

    /** The customer's sign-ins neither used nor expired. */
    async openCount(customerId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(connectIdRequests)
        .where(
          and(
            eq(connectIdRequests.customerId, customerId),
            isNull(connectIdRequests.usedAt),
            gt(connectIdRequests.expiresAt, now),
          ),
        );
      return row?.n ?? 0;
    },

    /** The sign-in with this state, if it is this customer's. */
    async ownByState(customerId: string, state: string): Promise<ConnectIdRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(connectIdRequests)
        .where(and(eq(connectIdRequests.state, state), eq(connectIdRequests.customerId, customerId)));
      return row;
    },

    /** Marks the sign-in used; false when it was used (or expired) meanwhile. */
    async use(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(connectIdRequests)
        .set({ usedAt: now })
        .where(
          and(
            eq(connectIdRequests.id, id),
            isNull(connectIdRequests.usedAt),
            gt(connectIdRequests.expiresAt, now),
          ),
        )
        .returning({ id: connectIdRequests.id });
      return rows.length > 0;
    },

    /** Forgets sign-ins that expired before `before`, used or not; answers how many. */
    async pruneExpired(before: Date): Promise<number> {
      const rows = await db
        .delete(connectIdRequests)
        .where(lt(connectIdRequests.expiresAt, before))
        .returning({ id: connectIdRequests.id });
      return rows.length;
    },
  };
}
