/**
 * An offer that is shown and sold: published, available and not suspended. The shop lists no other.
 * `published` is absent from the shop's wire offers (the API never answers an unpublished one).
 */
export function isOfferShown(offer: {
  availability: string;
  suspended: boolean;
  published?: boolean;
}): boolean {
  return offer.availability === 'available' && !offer.suspended && offer.published !== false;
}
