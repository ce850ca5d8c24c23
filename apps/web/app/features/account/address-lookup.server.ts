/**
 * The address form's lookup, for the browser (`/address-lookup`): suggestions for what was typed
 * (`?q=`) or a suggestion's parts (`?id=`), from the API's address lookup. Without a provider the
 * answer says so, and the form keeps to its fields.
 */
import {
  type AddressDetails,
  AddressDetailsSchema,
  AddressIdParamsSchema,
  AddressSuggestionsSchema,
} from '@drawhouse/contract';
import { ApiError, api } from '../../lib/api.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';

export type AddressLookupAnswer =
  | { kind: 'suggestions'; suggestions: { id: string; label: string }[] }
  | { kind: 'address'; address: AddressDetails['address'] }
  | { kind: 'unavailable' }
  | { kind: 'refused'; message: string };

export async function lookUpAddress(visitor: Visitor, url: URL): Promise<AddressLookupAnswer> {
  const caller = publicCallerOf(visitor);
  const id = url.searchParams.get('id');
  try {
    if (id !== null) {
      if (!AddressIdParamsSchema.safeParse({ id }).success)
        return { kind: 'refused', message: 'That address is not known.' };
      const { address } = await api.get(AddressDetailsSchema, 'main', `/addresses/${id}`, { caller });
      return { kind: 'address', address };
    }
    const q = (url.searchParams.get('q') ?? '').slice(0, 200);
    const { suggestions } = await api.get(AddressSuggestionsSchema, 'main', '/addresses/suggest', {
      caller,
      query: { q },
    });
    return { kind: 'suggestions', suggestions };
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return { kind: 'unavailable' };
    if (error instanceof ApiError && error.status < 500) return { kind: 'refused', message: error.message };
    throw error;
  }
}
