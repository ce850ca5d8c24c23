import { useId, useState } from 'react';
import type { OfferPageView } from '../../features/catalogue/offer-view';
import { AddItemButton } from './add-item-button';
import { ChoiceGroup } from './choice-group';

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
      <ChoiceGroup
        legend="Choose how often you pay"
        disabled={!available}
        chosen={period}
        onChoose={setPeriod}
        choices={membership.periods.map((p) => ({
          value: p.key,
          label: `${p.name}: ${p.price}`,
          testId: `membership-period-${p.key}`,
        }))}
      />
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
