import { describe, expect, it } from 'vitest';
import { CAPABILITIES, hasCapabilities, isCapability, pricingSegmentName } from './capabilities.ts';

describe('CAPABILITIES', () => {
  it('keeps the established spellings, hyphens included', () => {
    for (const name of [
      'native-app',
      'social-syndicates',
      'viewing-orders',
      'partner-purchase',
      'account-details-manage',
      'causes_directory',
      'multi_offer_site',
      'deposit_limits',
      'winner_search',
    ]) {
      expect(CAPABILITIES, name).toContain(name);
    }
  });

  it('spells multi-word capabilities in snake_case', () => {
    for (const name of [
      'sitewide_banner',
      'wallet_balance',
      'notifications_feed',
      'verify_id',
      'sub_variants',
    ]) {
      expect(CAPABILITIES, name).toContain(name);
    }
  });

  it('has no duplicates and no spaces', () => {
    expect(new Set(CAPABILITIES).size).toBe(CAPABILITIES.length);
    for (const name of CAPABILITIES) expect(name).toMatch(/^[a-z_-]+$/);
  });

  it('recognises known names only', () => {
    expect(isCapability('blog')).toBe(true);
    expect(isCapability('Blog')).toBe(false);
    expect(isCapability('native_app')).toBe(false);
  });
});

describe('hasCapabilities', () => {
  const have = ['multi_offer_site', 'commercial_lotteries', 'social-syndicates'];

  it('checks a single capability', () => {
    expect(hasCapabilities(have, 'multi_offer_site')).toBe(true);
    expect(hasCapabilities(have, 'blog')).toBe(false);
  });

  it('requires every capability of a list', () => {
    expect(hasCapabilities(have, ['commercial_lotteries', 'multi_offer_site'])).toBe(true);
    expect(hasCapabilities(have, ['commercial_lotteries', 'multi_offer_site', 'social-syndicates'])).toBe(
      true,
    );
    expect(hasCapabilities(have, ['commercial_lotteries', 'charity_lotteries'])).toBe(false);
  });

  it('treats an empty list as no requirement', () => {
    expect(hasCapabilities([], [])).toBe(true);
  });

  it('matches names exactly', () => {
    expect(hasCapabilities(have, 'social_syndicates')).toBe(false);
    expect(hasCapabilities(have, 'MULTI_OFFER_SITE')).toBe(false);
    expect(hasCapabilities([], 'blog')).toBe(false);
  });
});

describe('pricingSegmentName', () => {
  it("uses the customer's segment when signed in", () => {
    expect(pricingSegmentName({ customerSegment: 'vip', visitorSegment: 'lite', signedIn: true })).toBe(
      'vip',
    );
  });

  it("uses the visitor's segment when not signed in", () => {
    expect(pricingSegmentName({ customerSegment: 'vip', visitorSegment: 'lite', signedIn: false })).toBe(
      'lite',
    );
  });

  it("falls back to 'default'", () => {
    expect(pricingSegmentName({ signedIn: false })).toBe('default');
    expect(pricingSegmentName({ visitorSegment: null, signedIn: false })).toBe('default');
    expect(pricingSegmentName({ visitorSegment: 'lite', signedIn: true })).toBe('default');
  });

  it('treats an invalid segment name as absent', () => {
    expect(pricingSegmentName({ visitorSegment: 'lite plan', signedIn: false })).toBe('default');
    expect(pricingSegmentName({ customerSegment: '../x', signedIn: true })).toBe('default');
    expect(pricingSegmentName({ customerSegment: '', signedIn: true })).toBe('default');
  });
});
