import { useState } from 'react';
import { AddItemButton } from '../cart/add-item-button';
import type { OfferPageView } from '../catalogue/offer-view';
import { BuyPanel } from './buy-panel';
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
  const item =
    available && period !== null ? { membership_program: offerKey, membership_offer: period } : null;
  return (
    <BuyPanel title="Become a member" testId="membership-buy">
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
    </BuyPanel>
  );
}
