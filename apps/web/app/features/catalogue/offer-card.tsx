import { formatCount } from '@drawhouse/domain';
import { Link } from 'react-router';
import { Countdown } from '../../components/countdown';
import type { OfferCardView } from './offer-view';

const CATEGORY_LABEL: Record<string, string> = {
  lotto: 'Lottery',
  raffle: 'Charity raffle',
  syndicate: 'Syndicate',
  membership: 'Membership',
};

export function OfferCard({ offer, headingLevel = 3 }: { offer: OfferCardView; headingLevel?: 2 | 3 }) {
  const headingId = `offer-${offer.key}-name`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`offer-card-${offer.key}`}
      className={`flex flex-col gap-3 rounded-xl border bg-surface p-5 shadow-sm ${
        offer.highlighted ? 'border-primary border-2' : 'border-black/10'
      }`}
    >
      <div className="flex items-center gap-3">
        {offer.logo ? (
          <img src={offer.logo} alt="" height={40} className="h-10 w-auto max-w-[7rem]" loading="lazy" />
        ) : null}
        <div>
          <p className="text-sm font-semibold text-muted">
            {CATEGORY_LABEL[offer.category] ?? offer.category}
          </p>
          <Heading id={headingId} className="text-xl font-bold">
            {offer.name}
          </Heading>
        </div>
      </div>
      {offer.lottoParty ? (
        <div className="flex flex-col gap-1" data-testid={`lotto-party-${offer.key}`}>
          <p>{offer.lottoParty.summary}</p>
          <p className="text-2xl font-extrabold">{offer.lottoParty.sharesFrom}</p>
          <p className="text-sm text-muted">{offer.lottoParty.priceNote}</p>
        </div>
      ) : null}
      {offer.jackpot ? (
        <p className="text-3xl font-extrabold" data-testid={`jackpot-${offer.key}`}>
          {offer.jackpot.text}
        </p>
      ) : null}
      {offer.jackpot?.footnote ? <p className="text-xs text-muted">* Estimated prize pool.</p> : null}
      {offer.drawLabel ? (
        <p>
          <span className="font-semibold" data-testid={`draw-label-${offer.key}`}>
            {offer.drawLabel}
          </span>
          {offer.drawDate ? <span className="text-muted"> · {offer.drawDate}</span> : null}
        </p>
      ) : null}
      {offer.raffle ? (
        <p className="text-sm" data-testid={`tickets-left-${offer.key}`}>
          {formatCount(offer.raffle.ticketsLeft)} of {formatCount(offer.raffle.totalTickets)} tickets left
        </p>
      ) : null}
      {offer.syndicate ? (
        <p className="text-sm">
          {formatCount(offer.syndicate.sharesLeft)} of {formatCount(offer.syndicate.totalShares)} shares left
          {offer.syndicate.costPerShare ? ` · ${offer.syndicate.costPerShare} per share` : ''}
        </p>
      ) : null}
      {offer.membership ? (
        <div className="flex flex-col gap-1" data-testid={`membership-${offer.key}`}>
          <p className="text-2xl font-extrabold">{offer.membership.priceFrom}</p>
          {offer.membership.summary ? <p>{offer.membership.summary}</p> : null}
          <p className="text-sm text-muted">{offer.membership.billing}</p>
        </div>
      ) : null}
      {offer.stop && offer.stopText ? (
        <p className="text-sm">
          <Countdown stop={offer.stop} stopText={offer.stopText} testId={`countdown-${offer.key}`} />
        </p>
      ) : null}
      <p className="mt-auto pt-2">
        <Link to={offer.href} className="button-primary w-full" data-testid={`play-${offer.key}`}>
          Play<span className="sr-only"> {offer.name}</span>
        </Link>
      </p>
    </article>
  );
}

export function OfferGrid({
  offers,
  label,
  headingLevel = 3,
}: {
  offers: OfferCardView[];
  label: string;
  headingLevel?: 2 | 3;
}) {
  if (offers.length === 0) {
    return <p className="text-muted">Nothing is on offer here right now. Please check back soon.</p>;
  }
  return (
    <ul aria-label={label} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {offers.map((offer) => (
        <li key={offer.key} className="flex">
          <div className="flex w-full flex-col [&>article]:flex-1">
            <OfferCard offer={offer} headingLevel={headingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}
