import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, addressErrors, isAustralia, isAustralianPostcode } from './australian-address.ts';

const good = { address: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' };

describe('addressErrors', () => {
  it('accepts a full Australian address without a second line', () => {
    expect(addressErrors(good, { australianOnly: true })).toEqual({});
    expect(addressErrors({ ...good, addressLine2: 'Level 3' })).toEqual({});
  });
  it('requires address, country, postcode, state and suburb, never address_line_2', () => {
    expect(addressErrors({ addressLine2: '' })).toEqual({
      address: 'This field is required.',
      country: 'This field is required.',
      postcode: 'This field is required.',
      state: 'This field is required.',
      suburb: 'This field is required.',
    });
    expect(addressErrors({ ...good, suburb: '   ' }).suburb).toBe('This field is required.');
  });
  it('checks the state list and the 4-digit post code', () => {
    expect(addressErrors({ ...good, state: 'XYZ' }).state).toBe(ADDRESS_MESSAGES.state);
    expect(addressErrors({ ...good, postcode: '200' }).postcode).toBe('Please enter a valid postcode.');
    expect(addressErrors({ ...good, postcode: '20000' }).postcode).toBe('Please enter a valid postcode.');
    expect(addressErrors({ ...good, state: 'OTHER' }).state).toBe(ADDRESS_MESSAGES.stateForAustralia);
  });
  it('keeps registration to Australian addresses', () => {
    const overseas = { ...good, country: 'NZ', state: 'OTHER', postcode: '6011' };
    expect(addressErrors(overseas)).toEqual({});
    expect(addressErrors(overseas, { australianOnly: true }).country).toBe(ADDRESS_MESSAGES.australiaOnly);
  });
});

describe('isAustralia and isAustralianPostcode', () => {
  it('reads the usual spellings', () => {
    expect(['AU', 'aus', ' Australia '].every(isAustralia)).toBe(true);
    expect(isAustralia('Austria')).toBe(false);
    expect(isAustralianPostcode('0800')).toBe(true);
    expect(isAustralianPostcode('08OO')).toBe(false);
  });
});

describe('addressErrors: post code of the state, country from the list', () => {
  it('refuses a post code of another state in the words customers read', () => {
    expect(addressErrors({ ...good, postcode: '3000' }).postcode).toBe('3000 is not a postcode in NSW.');
    expect(addressErrors({ ...good, postcode: '3065' }).postcode).toBe('3065 is not a postcode in NSW.');
    expect(addressErrors({ ...good, state: 'QLD', postcode: '2000' }).postcode).toBe(
      '2000 is not a postcode in QLD.',
    );
    expect(addressErrors({ ...good, state: 'VIC', postcode: '3000' })).toEqual({});
    expect(addressErrors({ ...good, state: 'ACT', postcode: '2620' })).toEqual({});
  });
  it('refuses a country that is not an ISO code, takes the Australian spellings', () => {
    expect(addressErrors({ ...good, country: 'Narnia' }).country).toBe(ADDRESS_MESSAGES.country);
    expect(addressErrors({ ...good, country: 'Australia' })).toEqual({});
    expect(addressErrors({ ...good, country: 'nz', state: 'OTHER', postcode: '6011' })).toEqual({});
  });
});
