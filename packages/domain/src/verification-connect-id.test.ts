import { describe, expect, it } from 'vitest';
import {
  type AccountRecord,
  normalisedAddressLine,
  type SharedAddress,
  type SharedIdentity,
  sameAddress,
  sharedIdentityMatch,
} from './verification-connect-id.ts';
import { decideProviderVerification } from './verification-decision.ts';

const account: AccountRecord = {
  firstname: 'Casey',
  lastname: 'Connect',
  dateOfBirth: '1990-05-17',
  address: {
    address: '1 George Street',
    addressLine2: 'Level 3',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
  },
};

const home: SharedAddress = {
  streetAddress: '1 George St',
  locality: 'SYDNEY',
  region: 'nsw',
  postalCode: '2000',
  country: 'AU',
};

const shared: SharedIdentity = {
  givenName: 'CASEY',
  familyName: 'connect',
  birthdate: '1990-05-17',
  address: home,
  verified: true,
};

describe('normalisedAddressLine', () => {
  it('evens out case, punctuation, spaces and street types', () => {
    expect(normalisedAddressLine('  Unit 4/12 Smith  Road. ')).toBe('unit 4 12 smith rd');
    expect(normalisedAddressLine('12 smith rd')).toBe('12 smith rd');
  });
});

describe('sameAddress', () => {
  it('finds the account’s street among the shared lines, with the same suburb, state and postcode', () => {
    expect(sameAddress(home, account.address)).toBe(true);
    expect(sameAddress({ ...home, streetAddress: 'Level 3\n1 George Street' }, account.address)).toBe(true);
    expect(sameAddress({ ...home, streetAddress: 'Level 3 1 George Street' }, account.address)).toBe(true);
  });

  it('differs on another street, suburb, state or postcode', () => {
    const a = home;
    expect(sameAddress({ ...a, streetAddress: '2 George St' }, account.address)).toBe(false);
    expect(sameAddress({ ...a, locality: 'Parramatta' }, account.address)).toBe(false);
    expect(sameAddress({ ...a, region: 'VIC' }, account.address)).toBe(false);
    expect(sameAddress({ ...a, postalCode: '2001' }, account.address)).toBe(false);
  });
});

describe('sharedIdentityMatch and decideProviderVerification', () => {
  const today = '2026-11-27';
  const decide = (identity: SharedIdentity) =>
    decideProviderVerification({
      sources: [sharedIdentityMatch('connectid', identity, account)],
      dateOfBirth: identity.birthdate,
      today,
    });

  it('verifies the account’s name, date of birth and address, verified by the provider', () => {
    expect(sharedIdentityMatch('connectid', shared, account)).toEqual({
      source: 'connectid',
      name: true,
      dateOfBirth: true,
      address: true,
    });
    expect(decide(shared)).toEqual({ outcome: 'verified' });
  });

  it('fails someone under 18 by the birth date the provider shared', () => {
    expect(decide({ ...shared, birthdate: '2012-05-17' })).toMatchObject({ reason: 'under_age' });
  });

  it('fails another name, and a missing or other address', () => {
    expect(decide({ ...shared, givenName: 'Morgan', familyName: 'Other' })).toMatchObject({
      reason: 'no_match',
    });
    expect(decide({ ...shared, address: null })).toMatchObject({ reason: 'partial_match' });
  });

  it('counts nothing the provider did not verify', () => {
    expect(sharedIdentityMatch('connectid', { ...shared, verified: false }, account)).toEqual({
      source: 'connectid',
      name: false,
      dateOfBirth: false,
      address: false,
    });
    expect(decide({ ...shared, verified: false })).toMatchObject({ reason: 'no_match' });
  });
});
