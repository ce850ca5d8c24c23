import type { Serialized } from '../../lib/serialized';
import { useParsed } from '../../lib/serialized';
import type { ListingData } from './listing.server';
import { OfferGrid } from './offer-card';

export function ListingPage({
  title,
  intro,
  listing,
}: {
  title: string;
  intro: string;
  listing: Serialized<ListingData>;
}) {
  const data = useParsed(listing);
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-2 mb-6 max-w-2xl text-lg">{intro}</p>
      <OfferGrid offers={data.offers} label={title} headingLevel={2} />
    </div>
  );
}
