import { useId, useState } from 'react';
import type { OfferPageView } from '../../features/catalogue/offer-view';
import { AddItemButton } from './add-item-button';

type Membership = NonNullable<OfferPageView['membership']>;

/**
 * A membership's buy panel: choose how often to pay, then add it to the cart. A membership renews
 * until cancelled, so checkout will ask for a payment method it can charge unattended.
 */
export function MembershipBuy({
  membership,
  offerKey,
  available,
}: {
  membership: Membership;
  offerKey: string;
  available: boolean;
}) {
  const [period, setPeriod] = useState<string | null>(membership.periods[0]?.key ?? null);
  const titleId = useId();
  const name = useId();
  const item =
    available && period !== null ? { membership_program: offerKey, membership_offer: period } : null;
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 flex flex-col gap-4 rounded-xl border border-black/10 bg-surface p-5"
      data-testid="membership-buy"
    >
      <h2 id={titleId} className="text-2xl font-bold">
        Become a member
      </h2>
      <fieldset disabled={!available}>
        <legend className="font-semibold">Choose how often you pay</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {membership.periods.map((p) => (
            <label
              key={p.key}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-black/15 bg-page px-3 py-2 has-checked:border-primary"
            >
              <input
                type="radio"
                name={name}
                value={p.key}
                checked={period === p.key}
                onChange={() => setPeriod(p.key)}
                data-testid={`membership-period-${p.key}`}
              />
              <span>
                {p.name}: {p.price}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted">Your membership renews each period until you cancel it.</p>
      {available ? null : (
        <p role="status" className="font-semibold">
          This membership is not on sale at the moment.
        </p>
      )}
      <AddItemButton item={item} disabled={!available} what="Your membership is" />
    </section>
  );
}
