/**
 * Account migration (the older shop's account moved into Drawhouse) and the account upgrade that
 * follows it. Starting a move records it and its event in one transaction; the `account-migration`
 * subscriber (migration.subscribers.ts) moves the money outside the request.
 */
import type { CustomerDetails, MigrationResult, UpgradeBody } from '@drawhouse/contract';
import {
  accountUpgradeRequired,
  centsToMoney,
  hasCapabilities,
  migrationStatus,
  pricingSegmentName,
} from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { AccountsContext } from './accounts.context.ts';
import type { AccountsQueries, CustomerRow } from './accounts.repository.ts';
import { cleanAddress } from './address-fields.ts';
import { customerDetails } from './customer-view.ts';
import type { LegacyAccountRow } from './migration.repository.ts';
import type { SignedInCustomer } from './session.service.ts';
import { personalDetailsErrors } from './signup.service.ts';

export type MigrationService = ReturnType<typeof createMigrationService>;

/** A migration answer: 202 while the move runs, 200 once it is done. */
export type MigrationAnswer = { httpStatus: 200 | 202; result: MigrationResult };

const CAPABILITY = 'customer_migration';

const notEligible = () => new AppError(409, 'migration_not_eligible', 'There is no older account to move.');

export function createMigrationService(ctx: AccountsContext) {
  const { repo } = ctx;

  async function answer(db: AccountsQueries, legacy: LegacyAccountRow): Promise<MigrationAnswer> {
    const status = migrationStatus(legacy, ctx.now());
    const balances = (await db.legacyBalances(legacy.id)).map((b) => ({
      kind: b.kind,
      amount: centsToMoney(b.amountCents),
    }));
    const tickets = (await db.legacyTickets(legacy.id)).map((t) => ({
      reference: t.legacyRef,
      lottery: t.productOfferKey,
      drawNo: t.drawNo,
      price: centsToMoney(t.priceCents),
      status: t.outcome ?? ('waiting' as const),
    }));
    return { httpStatus: status === 'migrated' ? 200 : 202, result: { status, balances, tickets } };
  }

  /** Customers migrate only where their pricing segment has the `customer_migration` capability. */
  async function migrationOffered(customer: CustomerRow): Promise<boolean> {
    const segment = pricingSegmentName({
      customerSegment: customer.segmentName,
      visitorSegment: null,
      signedIn: true,
    });
    return hasCapabilities(await repo.segmentCapabilities(segment), CAPABILITY);
  }

  return {
    /** 404 `customer_migration_unavailable` where the customer's segment does not offer migration. */
    async requireOffered(customer: CustomerRow): Promise<void> {
      if (!(await migrationOffered(customer))) {
        throw notFound(`${CAPABILITY}_unavailable`, 'This is not offered here.');
      }
    },

    /**
     * Starts the move, or tells where it stands: while it runs 202, once done 200 (a second call never
     * moves money again). After a failed attempt the call answers 409 `migration_failed` unless it
     * asks to `retry`.
     */
    async migrate(customerId: string, retry: boolean): Promise<MigrationAnswer> {
      return repo.transaction(async (tx) => {
        const legacy = await tx.lockLegacyAccount(customerId);
        if (!legacy) throw notEligible();
        if (legacy.migrationState === 'migrated' || legacy.migrationState === 'in_progress') {
          return answer(tx, legacy);
        }
        if (legacy.migrationState === 'failed' && !retry) {
          throw new AppError(
            409,
            'migration_failed',
            legacy.migrationError ?? 'Your account could not be moved.',
          );
        }
        const attempt = legacy.migrationAttempts + 1;
        const started = {
          migrationState: 'in_progress' as const,
          migrationAttempts: attempt,
          migrationError: null,
          migrationStartedAt: ctx.now(),
        };
        await tx.updateLegacyAccount(legacy.id, started);
        await tx.emit('customer.migration_requested', customerId, {
          customerId,
          legacyAccountId: legacy.id,
          attempt,
        });
        return answer(tx, { ...legacy, ...started });
      });
    },

    /**
     * The account upgrade of a migrated customer: date of birth, phone and address checked as at
     * sign-up, and the terms; saved together, which clears `accountUpgrade`.
     */
    async upgrade(signedIn: SignedInCustomer, body: UpgradeBody): Promise<CustomerDetails> {
      const { customer } = signedIn;
      const legacy = await repo.legacyAccount(customer.id);
      const required = accountUpgradeRequired({
        migratedAt: legacy?.migratedAt ?? null,
        upgradedAt: customer.accountUpgradedAt,
      });
      if (!required) {
        throw new AppError(409, 'account_upgrade_not_required', 'This account has nothing to upgrade.');
      }
      const now = ctx.now();
      const errors = personalDetailsErrors(body, now, ctx.minimumAge);
      if (errors.length > 0) throw validationError(fieldErrors(errors));
      const saved = await repo.transaction(async (tx) => {
        const row = await tx.updateCustomer(
          customer.id,
          {
            dateOfBirth: body.dateOfBirth.trim(),
            phone: body.phone.trim(),
            ...cleanAddress(body.address),
            addressConfirmationRequired: false,
            termsAcceptedAt: now,
            accountUpgradedAt: now,
          },
          now,
        );
        await tx.emit('customer.contact_changed', customer.id, {
          customerId: customer.id,
          changed: ['phone', 'address'],
        });
        return row;
      });
      return customerDetails(saved ?? customer);
    },
  };
}
