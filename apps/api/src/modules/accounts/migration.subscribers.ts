/**
 * The move of an older account, once its start has committed: each balance of the older shop
 * becomes one ledger transfer from the house's `legacy_migration` account into the customer's
 * wallet (cash) or promotional credit, in the delivery's transaction. Transfer ids come from the
 * older account and the kind, so no retry or second delivery moves money twice. An account the older
 * shop still holds fails the attempt (retryable by the customer) without moving anything.
 */
import type { Transaction } from '@drawhouse/db';
import { eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import { accountsQueries } from './accounts.repository.ts';

export const MIGRATED_DESCRIPTION = 'Moved from your older account';

export function migrationSubscriber(now: () => Date): Subscriber {
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
      const transfers: TransferInput[] = (await db.legacyBalances(legacy.id))
        .filter((b) => b.amountCents > 0)
        .map((b) => ({
          id: eventId(`legacy-migration:${legacy.id}:${b.kind}`),
          debitAccountId: house,
          creditAccountId: b.kind === 'cash' ? accounts.wallet.id : accounts.promo.id,
          amountCents: b.amountCents,
          code: 'adjustment',
          customerId,
          reference: legacy.legacyRef,
          description: MIGRATED_DESCRIPTION,
        }));
      await ledger.post(transfers);
      await db.updateLegacyAccount(legacy.id, {
        migrationState: 'migrated',
        migratedAt: now(),
        migrationError: null,
      });
    },
  };
}
