import { describe, expect, it } from 'vitest';
import { OFFER_HAS_ENTRIES_REASON, offerPublicationChange } from './offer-publication.ts';

describe('offerPublicationChange', () => {
  it('publishes an unpublished offer', () => {
    expect(offerPublicationChange(false, true, 0)).toEqual({ kind: 'change' });
  });

  it('takes back an offer nobody has entered yet', () => {
    expect(offerPublicationChange(true, false, 0)).toEqual({ kind: 'change' });
  });

  it('refuses to take back an offer with a ticket sold or entered', () => {
    expect(offerPublicationChange(true, false, 1)).toEqual({
      kind: 'refused',
      reason: OFFER_HAS_ENTRIES_REASON,
    });
  });

  it('changes nothing when the offer is already as asked', () => {
    expect(offerPublicationChange(true, true, 5)).toEqual({ kind: 'unchanged' });
    expect(offerPublicationChange(false, false, 0)).toEqual({ kind: 'unchanged' });
  });
});
