import type { ProductOffer } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { offerOfPath } from './find-offer.server';

// Only the fields the lookup reads.
const offers = [
  { key: 'powerball', urlAliases: [] },
  { key: 'oz-lotto', urlAliases: [{ subvariant: 'VIP', url: '/big-oz' }] },
] as unknown as ProductOffer[];

describe('the offer a path names', () => {
  it('is the offer of that key, whatever the sub-variant', () => {
    expect(offerOfPath({ offers, capabilities: [] }, 'powerball', 'VIP')?.key).toBe('powerball');
  });

  it("follows the sub-variant's alias only on a site with sub_variants", () => {
    const site = { offers, capabilities: ['sub_variants'] };
    expect(offerOfPath(site, 'big-oz', 'VIP')?.key).toBe('oz-lotto');
    expect(offerOfPath(site, 'big-oz', 'OTHER')).toBeUndefined();
    expect(offerOfPath(site, 'big-oz', undefined)).toBeUndefined();
    expect(offerOfPath({ offers, capabilities: [] }, 'big-oz', 'VIP')).toBeUndefined();
  });
});
