/**
 * The address provider behind the address form's lookup: suggestions for the words typed, and a
 * chosen suggestion's parts. A maps service or a postcode lookup service would sit behind the same
 * interface; the sandbox searches the seeded addresses (ADDRESS_LOOKUP=sandbox, never in production).
 */
import type { AddressDetails, AddressSuggestions } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { ADDRESS_SUGGESTIONS_MAX, addressLabel } from '@drawhouse/domain';
import { addressesRepository } from './addresses.repository.ts';

export type AddressLookup = {
  suggest(words: readonly string[]): Promise<AddressSuggestions['suggestions']>;
  details(id: string): Promise<AddressDetails['address'] | undefined>;
};

export function sandboxAddressLookup(db: DbOrTx): AddressLookup {
  const repo = addressesRepository(db);
  return {
    async suggest(words) {
      const rows = await repo.matching(words, ADDRESS_SUGGESTIONS_MAX);
      return rows.map((r) => ({ id: r.id, label: addressLabel(r) }));
    },
    async details(id) {
      const row = await repo.byId(id);
      if (!row) return undefined;
      return {
        address: row.addressLine,
        suburb: row.suburb,
        state: row.state,
        postcode: row.postcode,
        country: 'AU',
      };
    },
  };
}
