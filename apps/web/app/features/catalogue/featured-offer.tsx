import { Link } from 'react-router';
import type { OfferCardView } from './offer-view';

/** Why the offer is featured, in words. */
const REASON_TEXT: Record<FeaturedOfferView['reason'], string> = {
  closing_soon: 'Closing soon',
  cart_lacks: 'Something different',
  highest_jackpot: 'Biggest jackpot',
  ranking: 'Featured',
};

export type FeaturedOfferView = {
  card: OfferCardView;
  reason: 'closing_soon' | 'cart_lacks' | 'highest_jackpot' | 'ranking';
};

/** The home page's feature placement: one offer, why it is featured, its jackpot and its next draw. */
export function FeaturedOffer({ featured }: { featured: FeaturedOfferView }) {
  const { card, reason } = featured;
  return (
    <section
      aria-labelledby="featured-offer-title"
      data-testid="feature-placement"
      data-offer={card.key}
      className="mb-8 flex flex-col gap-3 rounded-2xl border-2 border-primary bg-surface p-6 md:flex-row md:items-center md:justify-between"
    >
      <div className="flex items-center gap-4">
        {card.logo ? <img src={card.logo} alt="" height={48} className="h-12 w-auto max-w-[8rem]" /> : null}
        <div>
          <p
            className="text-sm font-semibold uppercase tracking-wide text-muted"
            data-testid="feature-reason"
          >
            {REASON_TEXT[reason]}
          </p>
          <h2 id="featured-offer-title" className="text-2xl font-extrabold">
            {card.name}
          </h2>
          {card.jackpot ? <p className="text-3xl font-extrabold">{card.jackpot.text}</p> : null}
          {card.drawLabel ? (
            <p>
              <span className="font-semibold">{card.drawLabel}</span>
              {card.drawDate ? <span className="text-muted"> · {card.drawDate}</span> : null}
            </p>
          ) : null}
        </div>
      </div>
      <Link to={card.href} className="button-primary text-center" data-testid="feature-play">
        Play<span className="sr-only"> {card.name}</span> now
      </Link>
    </section>
  );
}
