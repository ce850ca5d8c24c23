/**
 * The move of an older account, once its start has committed: each balance of the older shop
 * becomes one ledger transfer from the house's `legacy_migration` account into the customer's
 * wallet (cash) or promotional credit, and each ticket for a draw still to come is credited at the
 * price paid and entered in that draw (`EnterMovedTickets`, which checkout provides); a ticket whose
 * draw no longer takes entries leaves its price in the wallet as a refund. All of it happens in the
 * delivery's transaction. Transfer ids come from the older account and the balance or ticket, so no
 * retry or second delivery moves money twice. An account the older shop still holds fails the
 * attempt (retryable by the customer) without moving anything.
 */
import type { DbOrTx, Transaction } from '@drawhouse/db';
import { type AccountRow, eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import { accountsQueries } from './accounts.repository.ts';
import type { LegacyTicketRow } from './migration.repository.ts';

export const MIGRATED_DESCRIPTION = 'Moved from your older account';

/**
 * Enters the older tickets in their draws, their prices already in the wallet: each ticket's order
 * id, or null when it could not be entered.
 */
export type EnterMovedTickets = (
  tx: DbOrTx,
  args: {
    customerId: string;
    accounts: Record<'wallet' | 'promo', AccountRow>;
    tickets: readonly LegacyTicketRow[];
    at: Date;
  },
) => Promise<Map<string, string | null>>;

export function migrationSubscriber(now: () => Date, enterMovedTickets: EnterMovedTickets): Subscriber {
  return {
    name: 'account-migration',
    runs: 'in-transaction',
    async handle(tx: Transaction, event: OutboxEvent) {
      if (event.type !== 'customer.migration_requested') return;
      const { customerId, legacyAccountId } = event.payload;
      const db = accountsQueries(tx);
      const legacy = await db.lockLegacyAccount(customerId);
      if (legacy?.id !== legacyAccountId || legacy.migrationState !== 'in_progress') return;
      if (legacy.heldReason) {
        await db.updateLegacyAccount(legacy.id, {
          migrationState: 'failed',
          migrationError: `The older shop is still holding this account (${legacy.heldReason}). Try again later.`,
        });
        return;
      }
      const ledger = ledgerQueries(tx);
      const accounts = await ledger.lockCustomer(customerId);
      const house = await ledger.houseAccount('legacy_migration');
      const credit = (key: string, creditAccountId: number, amountCents: number, description: string) => ({
        id: eventId(`legacy-migration:${legacy.id}:${key}`),
        debitAccountId: house,
        creditAccountId,
        amountCents,
        code: 'adjustment' as const,
        customerId,
        reference: legacy.legacyRef,
        description,
      });
      const balances: TransferInput[] = (await db.legacyBalances(legacy.id))
        .filter((b) => b.amountCents > 0)
        .map((b) =>
          credit(
            b.kind,
            b.kind === 'cash' ? accounts.wallet.id : accounts.promo.id,
            b.amountCents,
            MIGRATED_DESCRIPTION,
          ),
        );
      const tickets = (await db.legacyTickets(legacy.id)).filter((t) => t.outcome === null);
      const ticketCredits = tickets
        .filter((t) => t.priceCents > 0)
        .map((t) =>
          credit(
            `ticket:${t.id}`,
            accounts.wallet.id,
            t.priceCents,
            `${MIGRATED_DESCRIPTION}: ticket ${t.legacyRef}`,
          ),
        );
      await ledger.post([...balances, ...ticketCredits]);
      const at = now();
      const entered = await enterMovedTickets(tx, { customerId, accounts, tickets, at });
      for (const t of tickets) {
        const orderId = entered.get(t.id) ?? null;
        await db.markLegacyTicket(t.id, {
          outcome: orderId ? 'entered' : 'refunded',
          orderId,
          movedAt: at,
        });
      }
      await db.updateLegacyAccount(legacy.id, {
        migrationState: 'migrated',
        migratedAt: at,
        migrationError: null,
      });
    },
  };
}
