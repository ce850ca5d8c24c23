/**
 * The older shop's accounts and their move into Drawhouse (`legacy_accounts`, `legacy_balances`,
 * `legacy_tickets`).
 */
import {
  and,
  asc,
  type DbOrTx,
  eq,
  isNull,
  type LegacyTicketOutcome,
  legacyAccounts,
  legacyBalances,
  legacyTickets,
  segmentCapabilities,
} from '@drawhouse/db';

export type LegacyAccountRow = typeof legacyAccounts.$inferSelect;
export type LegacyBalanceRow = typeof legacyBalances.$inferSelect;
export type LegacyTicketRow = typeof legacyTickets.$inferSelect;

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

    /** The older account's tickets, in the order the older shop numbered them. */
    async legacyTickets(legacyAccountId: string): Promise<LegacyTicketRow[]> {
      return db
        .select()
        .from(legacyTickets)
        .where(eq(legacyTickets.legacyAccountId, legacyAccountId))
        .orderBy(asc(legacyTickets.legacyRef));
    },

    /** Records what became of a ticket not moved yet (a second move leaves it as it is). */
    async markLegacyTicket(
      id: string,
      moved: { outcome: LegacyTicketOutcome; orderId: string | null; movedAt: Date },
    ): Promise<void> {
      await db
        .update(legacyTickets)
        .set(moved)
        .where(and(eq(legacyTickets.id, id), isNull(legacyTickets.outcome)));
    },

    async updateLegacyAccount(
      id: string,
      patch: Partial<Omit<typeof legacyAccounts.$inferInsert, 'id' | 'customerId' | 'legacyRef'>>,
    ): Promise<void> {
      await db.update(legacyAccounts).set(patch).where(eq(legacyAccounts.id, id));
    },
  };
}
