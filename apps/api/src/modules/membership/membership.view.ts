/** A customer's giveaways and the programme's config as the wire shows them (a giveaway itself: the giveaways module). */
import type { CustomerGiveaway, MembershipProgramConfig } from '@drawhouse/contract';
import {
  callToAction,
  centsToMoney,
  entryStatus,
  GIVEAWAY_PAGE_LIMIT,
  GIVEAWAY_TYPE_NAMES,
  GIVEAWAY_TYPES,
  giveawayTier,
  MEMBERSHIP_PROGRAM_ID,
  MEMBERSHIP_PROGRAM_NAME,
  MEMBERSHIP_PROGRAM_URL,
  type MembershipState,
} from '@drawhouse/domain';
import { giveawayPrizeView, giveawayView } from '../giveaways/index.ts';
import { type GiveawayRow, MEMBERSHIP_OFFER_KEY, type UnlockRow } from './membership.repository.ts';

/** A giveaway as one customer sees it. */
export function customerGiveawayView(
  g: GiveawayRow,
  args: {
    membership: MembershipState;
    unlock: UnlockRow | undefined;
    entryNumber: number | null;
    /** The entry as it stood at the close, once counted. */
    stored?: 'unlocked' | 'guaranteed';
    won: { title: string; amountCents: number; kind: 'cash' | 'credit' } | undefined;
    now: Date;
  },
): CustomerGiveaway {
  const view = giveawayView(g, args.now);
  const unlock = args.unlock?.state ?? null;
  const closed = view.state !== 'open';
  const status =
    args.stored ?? entryStatus({ membership: args.membership, giveawayType: g.type, unlock, now: args.now });
  return {
    ...view,
    entryStatus: status,
    unlock,
    entryNumber: args.entryNumber,
    won: args.won ? giveawayPrizeView(args.won) : null,
    callToAction: callToAction({
      membership: args.membership,
      giveawayType: g.type,
      closed,
      entry: status,
      now: args.now,
    }),
  };
}

export function programConfigView(
  offers: readonly { key: string; name: string; priceCents: number }[],
): MembershipProgramConfig {
  return {
    programId: MEMBERSHIP_PROGRAM_ID,
    programName: MEMBERSHIP_PROGRAM_NAME,
    programUrl: MEMBERSHIP_PROGRAM_URL,
    giveawayTypes: GIVEAWAY_TYPES.map((type) => ({
      type,
      name: GIVEAWAY_TYPE_NAMES[type],
      tier: giveawayTier(type),
    })),
    premiumOffers: offers.map((o) => ({
      key: o.key,
      name: o.name,
      period: o.key.slice(`${MEMBERSHIP_OFFER_KEY}-`.length),
      price: centsToMoney(o.priceCents),
    })),
    membershipOfferKey: MEMBERSHIP_OFFER_KEY,
    pageLimit: GIVEAWAY_PAGE_LIMIT,
  };
}
