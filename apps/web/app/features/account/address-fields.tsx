import type { CustomerDetails } from '@drawhouse/contract';
import { AUSTRALIA_CODE, AUSTRALIAN_STATES, COUNTRIES, countryCode } from '@drawhouse/domain';
import { useCallback, useRef } from 'react';
import { SelectField, TextField } from '../../components/form';
import type { FieldErrors } from '../../lib/forms';
import { AddressLookupField, type PickedAddress } from './address-lookup';

const STATE_OPTIONS = AUSTRALIAN_STATES.map((s) => ({ value: s, label: s === 'OTHER' ? 'Other' : s }));
const STATE_OPTIONS_WITH_PROMPT = [{ value: '', label: 'Select a state' }, ...STATE_OPTIONS];
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/**
 * The address part of the join and details forms, named as `addressFrom` reads it back. A saved
 * address fills the fields; without one the state asks to be chosen and the country is Australia.
 * The country is a select of ISO codes, Australia first. "Find your address" above the fields fills
 * them with a looked-up address; the fields can always be typed in by hand.
 */
export function AddressFieldset({
  errors,
  saved,
}: {
  errors: FieldErrors;
  saved?: CustomerDetails['address'];
}) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const fill = useCallback((picked: PickedAddress) => {
    const set = (name: string, value: string) => {
      const field = fieldset.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    };
    set('address', picked.address);
    set('addressLine2', '');
    set('suburb', picked.suburb);
    set('state', picked.state);
    set('postcode', picked.postcode);
    set('country', picked.country);
  }, []);
  return (
    <fieldset className="mt-6" ref={fieldset}>
      <legend className="text-lg font-bold">Your address</legend>
      <AddressLookupField onPick={fill} />
      <TextField
        name="address"
        label="Address"
        autoComplete="address-line1"
        required
        defaultValue={saved?.address}
        error={errors.address}
      />
      <TextField
        name="addressLine2"
        label="Address line 2"
        autoComplete="address-line2"
        defaultValue={saved ? (saved.addressLine2 ?? '') : undefined}
        error={errors.addressLine2}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          name="suburb"
          label="Suburb"
          autoComplete="address-level2"
          required
          defaultValue={saved?.suburb}
          error={errors.suburb}
        />
        <SelectField
          name="state"
          label="State"
          options={saved ? STATE_OPTIONS : STATE_OPTIONS_WITH_PROMPT}
          required
          defaultValue={saved?.state}
          error={errors.state}
        />
        <TextField
          name="postcode"
          label="Postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          defaultValue={saved?.postcode}
          error={errors.postcode}
        />
        <SelectField
          name="country"
          label="Country"
          autoComplete="country"
          options={COUNTRY_OPTIONS}
          defaultValue={(saved && countryCode(saved.country)) || AUSTRALIA_CODE}
          required
          error={errors.country}
        />
      </div>
    </fieldset>
  );
}
