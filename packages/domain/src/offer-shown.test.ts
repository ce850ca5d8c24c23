import { describe, expect, it } from 'vitest';
import { isOfferShown } from './offer-shown.ts';

describe('isOfferShown', () => {
  it('shows only an available offer that is not suspended', () => {
    expect(isOfferShown({ availability: 'available', suspended: false })).toBe(true);
    expect(isOfferShown({ availability: 'available', suspended: true })).toBe(false);
    expect(isOfferShown({ availability: 'unavailable', suspended: false })).toBe(false);
  });
});

describe('isOfferShown of an unpublished offer', () => {
  it('shows it only once published', () => {
    expect(isOfferShown({ availability: 'available', suspended: false, published: false })).toBe(false);
    expect(isOfferShown({ availability: 'available', suspended: false, published: true })).toBe(true);
  });
});
