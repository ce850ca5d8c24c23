import type { ListingData } from './listing.server';
import { OfferGrid } from './offer-card';

export function ListingPage({ title, intro, data }: { title: string; intro: string; data: ListingData }) {
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-2 mb-6 max-w-2xl text-lg">{intro}</p>
      <OfferGrid offers={data.offers} serverNow={data.serverNow} label={title} />
    </div>
  );
}
