/** The older shop's accounts and their move into Drawhouse (`legacy_accounts`, `legacy_balances`). */
import { asc, type DbOrTx, eq, legacyAccounts, legacyBalances, segmentCapabilities } from '@drawhouse/db';

export type LegacyAccountRow = typeof legacyAccounts.$inferSelect;
export type LegacyBalanceRow = typeof legacyBalances.$inferSelect;

export function legacyQueries(db: DbOrTx) {
  return {
    /** The capabilities of a pricing segment (whether customers there may migrate). */
    segmentCapabilities: (segment: string): Promise<string[]> => segmentCapabilities(db, segment),

    /** The customer's older account, if they had one. */
    async legacyAccount(customerId: string): Promise<LegacyAccountRow | undefined> {
      const [row] = await db.select().from(legacyAccounts).where(eq(legacyAccounts.customerId, customerId));
      return row;
    },

    /** The customer's older account, locked until the transaction ends (one move at a time). */
    async lockLegacyAccount(customerId: string): Promise<LegacyAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(legacyAccounts)
        .where(eq(legacyAccounts.customerId, customerId))
        .for('update');
      return row;
    },

    async legacyBalances(legacyAccountId: string): Promise<LegacyBalanceRow[]> {
      return db
        .select()
        .from(legacyBalances)
        .where(eq(legacyBalances.legacyAccountId, legacyAccountId))
        .orderBy(asc(legacyBalances.kind));
    },

    async updateLegacyAccount(
      id: string,
      patch: Partial<Omit<typeof legacyAccounts.$inferInsert, 'id' | 'customerId' | 'legacyRef'>>,
    ): Promise<void> {
      await db.update(legacyAccounts).set(patch).where(eq(legacyAccounts.id, id));
    },
  };
}
