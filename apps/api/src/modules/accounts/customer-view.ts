/** Customer rows shaped for the wire (docs/api/accounts.md, "Shapes"). */

import type { CustomerDetails, CustomerOverview } from '@drawhouse/contract';
import {
  accountUpgradeRequired,
  centsToMoney,
  migrationStatus,
  parseFavouriteNumbers,
  walletFunds,
} from '@drawhouse/domain';
import { accountBalance } from '../ledger/index.ts';
import type { AccountsQueries, CustomerRow } from './accounts.repository.ts';
import type { LegacyAccountRow } from './migration.repository.ts';

type WalletAccount = Awaited<ReturnType<AccountsQueries['walletAccounts']>>[number];

export function customerOverview(
  row: CustomerRow,
  twoFactorEnabled: boolean,
  accounts: WalletAccount[],
  legacy: LegacyAccountRow | undefined,
  now: Date,
): CustomerOverview {
  const balance = (kind: string) => {
    const account = accounts.find((a) => a.kind === kind);
    return account ? accountBalance(account) : { postedCents: 0, availableCents: 0 };
  };
  const funds = walletFunds(balance('wallet'), balance('promo'));
  return {
    customerId: row.id,
    pricingId: row.pricingId,
    segmentName: row.segmentName,
    state: row.state,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    forcePasswordChange: row.forcePasswordChange,
    accountUpgrade: accountUpgradeRequired({
      migratedAt: legacy?.migratedAt ?? null,
      upgradedAt: row.accountUpgradedAt,
    }),
    isVerified: row.verifiedAt !== null,
    addressConfirmationRequired: row.addressConfirmationRequired,
    emailAddressConfirmationRequired: row.emailConfirmedAt === null,
    // Cash and promotional credit: posted, and what can be spent now.
    balance: centsToMoney(funds.balanceCents),
    availableFunds: centsToMoney(funds.availableCents),
    favouriteNumbers: parseFavouriteNumbers(row.favouriteNumbers),
    twoFactorEnabled,
    migrationStatus: migrationStatus(legacy, now),
  };
}

export function customerDetails(row: CustomerRow): CustomerDetails {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    address: {
      address: row.address,
      addressLine2: row.addressLine2,
      suburb: row.suburb,
      state: row.state,
      postcode: row.postcode,
      country: row.country,
    },
    emailOptIn: row.emailOptIn,
  };
}
