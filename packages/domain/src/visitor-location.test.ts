import { describe, expect, it } from 'vitest';
import { locationStatus, mayConfirmLocation, purchaseLocationMessage } from './visitor-location.ts';

const banned = ['US', 'FR'];
const status = (
  locatedCountry: string | null,
  customerCountry: string | null,
  confirmedCountry: string | null = null,
) => locationStatus({ locatedCountry, bannedCountries: banned, customerCountry, confirmedCountry });

describe('locationStatus', () => {
  it('lets anyone in Australia, or located nowhere known, buy', () => {
    expect(status('AU', null)).toEqual({
      countryBanned: false,
      countryBannedConfirmationRequired: false,
      purchase: 'allowed',
    });
    expect(status(null, 'AU').purchase).toBe('allowed');
  });

  it('asks a resident abroad to confirm, once for the country they are in', () => {
    expect(status('US', 'AU')).toEqual({
      countryBanned: true,
      countryBannedConfirmationRequired: true,
      purchase: 'location_confirmation_required',
    });
    expect(status('GB', 'Australia').purchase).toBe('location_confirmation_required');
    expect(status('US', 'AU', 'US')).toEqual({
      countryBanned: true,
      countryBannedConfirmationRequired: false,
      purchase: 'allowed',
    });
    expect(status('FR', 'AU', 'US').countryBannedConfirmationRequired).toBe(true);
  });

  it('refuses a visitor who is not a resident in a banned country, and lets them buy elsewhere', () => {
    expect(status('US', null).purchase).toBe('country_banned');
    expect(status('US', 'NZ', 'US').purchase).toBe('country_banned');
    expect(status('GB', 'NZ')).toEqual({
      countryBanned: false,
      countryBannedConfirmationRequired: false,
      purchase: 'allowed',
    });
  });
});

describe('mayConfirmLocation', () => {
  it('is for residents located abroad only', () => {
    expect(mayConfirmLocation({ locatedCountry: 'US', customerCountry: 'AU' })).toBe(true);
    expect(mayConfirmLocation({ locatedCountry: 'AU', customerCountry: 'AU' })).toBe(false);
    expect(mayConfirmLocation({ locatedCountry: 'US', customerCountry: 'NZ' })).toBe(false);
    expect(mayConfirmLocation({ locatedCountry: null, customerCountry: 'AU' })).toBe(false);
  });
});

describe('purchaseLocationMessage', () => {
  it('names the country', () => {
    expect(purchaseLocationMessage('country_banned', 'US')).toContain('United States');
    expect(purchaseLocationMessage('location_confirmation_required', 'GB')).toContain('Australian resident');
  });
});
