/** Customer rows shaped for the wire (docs/api/accounts.md, "Shapes"). */

import type { CustomerDetails, CustomerOverview } from '@drawhouse/contract';
import { centsToMoney, parseFavouriteNumbers } from '@drawhouse/domain';
import type { CustomerRow } from './accounts.repository.ts';

export function customerOverview(row: CustomerRow, twoFactorEnabled: boolean): CustomerOverview {
  return {
    customerId: row.id,
    pricingId: row.pricingId,
    segmentName: row.segmentName,
    state: row.state,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    forcePasswordChange: row.forcePasswordChange,
    accountUpgrade: false,
    isVerified: false,
    addressConfirmationRequired: row.addressConfirmationRequired,
    emailAddressConfirmationRequired: row.emailConfirmedAt === null,
    // Real balances come with the wallet (planned).
    balance: centsToMoney(0),
    availableFunds: centsToMoney(0),
    favouriteNumbers: parseFavouriteNumbers(row.favouriteNumbers),
    twoFactorEnabled,
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
