/**
 * The programme's public reads (a giveaway with its proof and winners, the latest winners, the
 * giveaways open and opening next) and the benefits page's signed link: stateless, short-lived, made
 * with the accounts' link tokens (an HMAC naming the customer, the page and the expiry).
 */
import type {
  Giveaway,
  GiveawayDetail,
  GiveawayWinner,
  MembershipBenefits,
  MembershipBenefitsSession,
  PageInfo,
} from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import {
  centsToMoney,
  isGiveawayType,
  MEMBERSHIP_BENEFITS,
  MEMBERSHIP_PROGRAM_URL,
  membershipTier,
  publicWinnerName,
} from '@drawhouse/domain';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { createTokenKit } from '../accounts/index.ts';
import { giveawayProof, giveawayView } from '../giveaways/index.ts';
import { membershipRepository } from './membership.repository.ts';
import { giveawayNotFound, stateOf } from './membership.service.ts';

/** How long the benefits page's link opens it. */
export const BENEFITS_LINK_TTL_MS = 5 * 60_000;
const BENEFITS_TOPIC = 'membership-benefits';
const UPCOMING_DRAWS = 12;

type WinnerRow = {
  winner: { title: string; amountCents: number; kind: 'cash' | 'credit'; entryNumber: number };
  firstname: string;
  suburb: string;
  state: string;
  publicity: 'none' | 'first_name_suburb';
};

function winnerView(r: WinnerRow): GiveawayWinner {
  return {
    ...publicWinnerName({ publicity: r.publicity, firstName: r.firstname, suburb: r.suburb, state: r.state }),
    prize: { title: r.winner.title, amount: centsToMoney(r.winner.amountCents), kind: r.winner.kind },
    entryNumber: r.winner.entryNumber,
  };
}

export function createGiveawaysPublicService(deps: {
  db: Database;
  now: () => Date;
  jwtSecret: string;
  webBaseUrl: string;
}) {
  const { db, now } = deps;
  const tokens = createTokenKit(deps.jwtSecret);
  /** The customer a live, untouched benefits link names, else undefined. */
  const linkCustomer = (token: string, at: Date): string | undefined => {
    const [customerId, expires, mac, ...rest] = token.split('.');
    if (!customerId || !expires || !mac || rest.length > 0 || !isUuid(customerId)) return undefined;
    return tokens.isUnsubscribeToken(customerId, BENEFITS_TOPIC, `${expires}.${mac}`, at)
      ? customerId
      : undefined;
  };
  const sessionRefused = () =>
    notFound('benefits_link_invalid', 'This link has expired. Open it again from your account.');

  return {
    /** A giveaway by its type and number, with its proof and its winners as they agreed to be shown. */
    async detail(type: string, number: number): Promise<GiveawayDetail> {
      if (!isGiveawayType(type)) throw giveawayNotFound();
      const repo = membershipRepository(db);
      const giveaway = await repo.giveawayByNumber(type, number);
      if (!giveaway) throw giveawayNotFound();
      const drawn = giveaway.status === 'drawn' || giveaway.status === 'paid';
      const winners = drawn ? await repo.winnersOf(giveaway.id) : [];
      return {
        giveaway: giveawayView(giveaway, now()),
        proof: giveawayProof(giveaway),
        winners: winners.map(winnerView),
      };
    },

    async winners(limit: number, offset: number) {
      const { rows, total } = await membershipRepository(db).latestWinners(limit, offset);
      const items = rows.map((r) => ({
        ...winnerView(r),
        giveawayTitle: r.giveaway.title,
        giveawayType: r.giveaway.type,
        giveawayNumber: r.giveaway.number,
        drawnAt: (r.giveaway.drawnAt ?? r.giveaway.closesAt).toISOString(),
      }));
      const pageInfo: PageInfo = { offset, limit, total };
      return { items, pageInfo };
    },

    /** The giveaways open now (closing soonest first), then those opening next. */
    async draws(): Promise<Giveaway[]> {
      const at = now();
      const repo = membershipRepository(db);
      const [open, upcoming] = await Promise.all([
        repo.openGiveaways(at),
        repo.upcomingGiveaways(at, UPCOMING_DRAWS),
      ]);
      return [...open, ...upcoming].map((g) => giveawayView(g, at));
    },

    /** What membership gives, and a signed link that opens the shop's benefits page for 5 minutes. */
    benefits(customerId: string): MembershipBenefits {
      const expiresAt = new Date(now().getTime() + BENEFITS_LINK_TTL_MS);
      const token = `${customerId}.${tokens.unsubscribeToken(customerId, BENEFITS_TOPIC, expiresAt)}`;
      return {
        ssoUrl: `${deps.webBaseUrl}/${MEMBERSHIP_PROGRAM_URL}/benefits?token=${encodeURIComponent(token)}`,
        benefits: [...MEMBERSHIP_BENEFITS],
      };
    },

    /**
     * The benefits as the page its link opens shows them to the signed-in customer: 404 for a link
     * that is forged, altered, expired or another customer's.
     */
    benefitsOf(customerId: string, token: string): MembershipBenefits {
      if (linkCustomer(token, now()) !== customerId) throw sessionRefused();
      return this.benefits(customerId);
    },

    /** Whose benefits page a link opens: 404 for a link that is forged, altered or expired. */
    async benefitsSession(token: string): Promise<MembershipBenefitsSession> {
      const at = now();
      const customerId = linkCustomer(token, at);
      if (!customerId) throw sessionRefused();
      const expires = token.split('.')[1];
      const repo = membershipRepository(db);
      const [customer, row] = await Promise.all([repo.customer(customerId), repo.membership(customerId)]);
      if (!customer) throw sessionRefused();
      const membership = stateOf(row);
      return {
        firstName: customer.firstname,
        status: membership.status,
        tier: membershipTier(membership, at),
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
        benefits: [...MEMBERSHIP_BENEFITS],
      };
    },
  };
}

export type GiveawaysPublicService = ReturnType<typeof createGiveawaysPublicService>;
