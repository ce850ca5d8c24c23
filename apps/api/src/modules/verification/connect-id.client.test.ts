import { describe, expect, it } from 'vitest';
import { sharedIdentityOf } from './connect-id.client.ts';

const details = {
  given_name: 'Casey',
  family_name: 'Connect',
  birthdate: '1990-05-17',
  address: {
    street_address: '1 George Street',
    locality: 'Sydney',
    region: 'NSW',
    postal_code: '2000',
    country: 'AU',
  },
};

const shared = {
  givenName: 'Casey',
  familyName: 'Connect',
  birthdate: '1990-05-17',
  address: {
    streetAddress: '1 George Street',
    locality: 'Sydney',
    region: 'NSW',
    postalCode: '2000',
    country: 'AU',
  },
};

describe('sharedIdentityOf', () => {
  it('reads the details a provider vouches for from verified_claims', () => {
    const claims = {
      sub: 'x',
      verified_claims: { verification: { trust_framework: 'au_connectid' }, claims: details },
    };
    expect(sharedIdentityOf(claims)).toEqual({ ...shared, verified: true });
  });

  it('reads loose claims as unverified, and verified_claims without a trust framework as nothing', () => {
    expect(sharedIdentityOf({ sub: 'x', ...details })).toEqual({ ...shared, verified: false });
    expect(sharedIdentityOf({ sub: 'x', verified_claims: { verification: {}, claims: details } })).toBeNull();
  });

  it('answers no address when none is shared, and nothing without a name and birth date', () => {
    const { address: _, ...noAddress } = details;
    expect(sharedIdentityOf({ sub: 'x', ...noAddress })?.address).toBeNull();
    expect(sharedIdentityOf({ sub: 'x', given_name: 'Casey' })).toBeNull();
  });
});
