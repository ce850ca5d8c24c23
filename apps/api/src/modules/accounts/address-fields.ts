/** A postal address as the sign-up and the details form take it: its field errors, and the cleaned value. */
import type { AddressBody } from '@drawhouse/contract';
import { addressErrors } from '@drawhouse/domain';
import { snakeKey } from '../../http/case.ts';

/** Address field errors keyed as on the wire (`address.postcode`). */
export function addressFieldErrors(address: AddressBody, australianOnly: boolean): [string, string][] {
  return Object.entries(addressErrors(address, { australianOnly })).map(([field, message]) => [
    `address.${snakeKey(field)}`,
    message,
  ]);
}

export function cleanAddress(address: AddressBody) {
  return {
    address: address.address.trim(),
    addressLine2: address.addressLine2?.trim() || null,
    suburb: address.suburb.trim(),
    state: address.state.trim(),
    postcode: address.postcode.trim(),
    country:
      address.country.trim().toUpperCase() === 'AUSTRALIA' ? 'AU' : address.country.trim().toUpperCase(),
  };
}
