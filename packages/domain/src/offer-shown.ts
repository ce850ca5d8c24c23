/** An offer that is shown and sold: available and not suspended. The shop lists no other. */
export function isOfferShown(offer: { availability: string; suspended: boolean }): boolean {
  return offer.availability === 'available' && !offer.suspended;
}
