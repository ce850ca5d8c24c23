/** Giveaways and memberships as the wire shows them (contract's membership.ts), from their rows. */
import type {
  CustomerGiveaway,
  Giveaway,
  GiveawayPrize,
  GiveawayProof,
  MembershipProgramConfig,
} from '@drawhouse/contract';
import {
  callToAction,
  centsToMoney,
  entryStatus,
  GIVEAWAY_PAGE_LIMIT,
  GIVEAWAY_TYPE_NAMES,
  GIVEAWAY_TYPES,
  giveawayDrawKey,
  giveawayPath,
  giveawayTier,
  MEMBERSHIP_PROGRAM_ID,
  MEMBERSHIP_PROGRAM_NAME,
  MEMBERSHIP_PROGRAM_URL,
  type MembershipState,
} from '@drawhouse/domain';
import { type GiveawayRow, MEMBERSHIP_OFFER_KEY, type UnlockRow } from './membership.repository.ts';

/** Open, closed (past its close, drawn or not yet) or drawn (its winners known). */
export function giveawayState(g: GiveawayRow, now: Date): Giveaway['state'] {
  if (g.status === 'drawn' || g.status === 'paid') return 'drawn';
  if (g.status === 'closed' || g.closesAt <= now) return 'closed';
  return 'open';
}

const prizeOf = (p: { title: string; amountCents: number; kind: 'cash' | 'credit' }): GiveawayPrize => ({
  title: p.title,
  amount: centsToMoney(p.amountCents),
  kind: p.kind,
});

export function giveawayView(g: GiveawayRow, now: Date): Giveaway {
  return {
    id: g.id,
    number: g.number,
    externalId: g.externalId,
    type: g.type,
    tier: giveawayTier(g.type),
    title: g.title,
    description: g.description,
    pill: g.pill,
    permits: g.permits,
    availability: g.availability,
    images: g.images,
    details: g.details,
    open: g.opensAt.toISOString(),
    close: g.closesAt.toISOString(),
    state: giveawayState(g, now),
    prizes: g.prizes.map(prizeOf),
    url: giveawayPath(g.type, g.number),
  };
}

/** The proof: the commitment always; the seed, entries and winning entries once drawn. */
export function proofView(g: GiveawayRow): GiveawayProof {
  const proof: GiveawayProof = {
    algorithm: g.algorithm,
    version: g.version,
    drawKey: giveawayDrawKey(g.type),
    commitment: g.commitment,
  };
  if (g.status !== 'drawn' && g.status !== 'paid') return proof;
  return {
    ...proof,
    seed: g.seed.toString('hex'),
    ...(g.entries !== null ? { entries: g.entries } : {}),
    winningEntries: g.winningEntries ?? [],
  };
}

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
    won: args.won ? prizeOf(args.won) : null,
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
