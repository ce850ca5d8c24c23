/**
 * Daily Winners, the membership programme, as the shop reads and changes it on the rewards service:
 * the programme's config, the customer's membership, joining and leaving, unlocking a giveaway, the
 * visit to the programme's page, the customer's giveaway lists, a giveaway with its proof, the
 * winners and the benefits page's token. Loaders and actions only.
 */
import {
  CustomerGiveawayListSchema,
  CustomerGiveawaySchema,
  GiveawayDetailSchema,
  GiveawayListSchema,
  GiveawayWinnersListSchema,
  MembershipBenefitsSchema,
  MembershipBenefitsSessionSchema,
  MembershipProgramConfigSchema,
  MembershipSchema,
  type MembershipUpdateBody,
  MembershipUpdateResultSchema,
} from '@drawhouse/contract';
import { GIVEAWAY_PAGE_LIMIT, isGiveawayType } from '@drawhouse/domain';
import { data } from 'react-router';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api.server';
import { customerGet, customerRequest } from '../../lib/customer.server';
import { pageCount } from '../../lib/paging';
import { loadSite, orPageError, siteHas } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';

const SERVICE = 'rewards' as const;

/** `GET /rewards/v4/config`: the programme as the shop shows it (public, cached). */
export function loadProgramConfig(visitor: Visitor) {
  return orPageError(
    api.get(MembershipProgramConfigSchema, SERVICE, '/v4/config', { caller: publicCallerOf(visitor) }),
  );
}

type Membership = z.output<typeof MembershipSchema>;

/** `GET /rewards/v3/draws`: the open and upcoming giveaways, for visitors (public, cached). */
export async function loadPublicDraws(visitor: Visitor, now: Date) {
  const draws = await orPageError(
    api.get(GiveawayListSchema, SERVICE, '/v3/draws', { caller: publicCallerOf(visitor) }),
  );
  const opened = (g: { open: string }) => new Date(g.open) <= now;
  return { open: draws.filter(opened), upcoming: draws.filter((g) => !opened(g)) };
}

/** `GET /rewards/v3/customer`, once per request (the header and the page read it side by side). */
const memberships = new WeakMap<Visitor, Promise<Membership>>();

/** The signed-in customer's membership. */
export function loadMembership(visitor: Visitor): Promise<Membership> {
  let membership = memberships.get(visitor);
  if (!membership) {
    membership = customerGet(MembershipSchema, visitor, '/v3/customer', { service: SERVICE });
    memberships.set(visitor, membership);
  }
  return membership;
}

/** Forget the membership read earlier in this request (after a change). */
export function forgetMembership(visitor: Visitor): void {
  memberships.delete(visitor);
}

/** `PUT /rewards/membership` is a rewards 3.2 call. */
const MEMBERSHIP_UPDATE_VERSION = '3.2';

/** `PUT /rewards/membership`: join (free, or from a deposit) or leave. */
export async function updateMembership(
  visitor: Visitor,
  membershipStatus: MembershipUpdateBody['membershipStatus'],
  join?: 'free' | 'deposit',
) {
  const body: MembershipUpdateBody = {
    membershipProgram: 'daily_winners',
    membershipStatus,
    metadata: join ? { join } : {},
  };
  await customerRequest(MembershipUpdateResultSchema, visitor, '/membership', {
    service: SERVICE,
    method: 'PUT',
    body,
    version: MEMBERSHIP_UPDATE_VERSION,
  });
  forgetMembership(visitor);
}

/** `PUT /rewards/v3/draws/{id}` `{entryStatus: 'unlocked'}`. */
export async function requestUnlock(visitor: Visitor, giveawayId: string) {
  const { result } = await customerRequest(
    CustomerGiveawaySchema,
    visitor,
    `/v3/draws/${encodeURIComponent(giveawayId)}`,
    { service: SERVICE, method: 'PUT', body: { entryStatus: 'unlocked' } },
  );
  forgetMembership(visitor);
  return result;
}

/** `POST /rewards/v3/customer/visited`: the programme's page was seen (the header's dot goes). */
export async function recordVisit(visitor: Visitor): Promise<void> {
  await customerRequest(MembershipSchema, visitor, '/v3/customer/visited', {
    service: SERVICE,
    method: 'POST',
  });
  forgetMembership(visitor);
}

/** A page (from 1) of the customer's current or closed giveaways; a page past the last is the 404 page. */
export async function giveawaysPage(visitor: Visitor, state: 'current' | 'closed', page: number) {
  if (page < 1) throw data(null, { status: 404 });
  const envelope = await customerRequest(CustomerGiveawayListSchema, visitor, '/v3/giveaways', {
    service: SERVICE,
    query: { state, limit: GIVEAWAY_PAGE_LIMIT, offset: (page - 1) * GIVEAWAY_PAGE_LIMIT },
  });
  const total = envelope.pageInfo?.total ?? envelope.result.length;
  const pages = pageCount(total, GIVEAWAY_PAGE_LIMIT);
  if (page > pages) throw data(null, { status: 404 });
  return { giveaways: envelope.result, page, pages, total };
}

/** One giveaway with its proof and winners (public); an unknown type or number is the 404 page. */
export async function loadGiveaway(visitor: Visitor, type: string, number: string) {
  if (!isGiveawayType(type) || !/^[1-9]\d{0,8}$/.test(number)) throw data(null, { status: 404 });
  try {
    return await api.get(GiveawayDetailSchema, SERVICE, `/v3/giveaways/${type}/${number}`, {
      caller: publicCallerOf(visitor),
      cacheMs: 0,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export const WINNERS_PAGE_SIZE = 12;

/** A page (from 1) of the winners, newest first; a page past the last is the 404 page. */
export async function winnersPage(visitor: Visitor, page: number) {
  if (page < 1) throw data(null, { status: 404 });
  const envelope = await orPageError(
    api.request(GiveawayWinnersListSchema, SERVICE, '/v3/winners', {
      caller: publicCallerOf(visitor),
      query: { limit: WINNERS_PAGE_SIZE, offset: (page - 1) * WINNERS_PAGE_SIZE },
    }),
  );
  const total = envelope.pageInfo?.total ?? envelope.result.length;
  const pages = pageCount(total, WINNERS_PAGE_SIZE);
  if (page > pages) throw data(null, { status: 404 });
  return { winners: envelope.result, page, pages };
}

/** `GET /rewards/v3/benefits`: what membership gives, with the signed link to the benefits page. */
export function loadBenefits(visitor: Visitor) {
  return customerGet(MembershipBenefitsSchema, visitor, '/v3/benefits', { service: SERVICE });
}

/**
 * `GET /rewards/v3/benefits/session?token=`: whose benefits page a signed link opens; null for a
 * link that is forged, altered or expired (the API's 404).
 */
export async function loadBenefitsSession(visitor: Visitor, token: string) {
  try {
    return await api.get(MembershipBenefitsSessionSchema, SERVICE, '/v3/benefits/session', {
      caller: publicCallerOf(visitor),
      query: { token },
      cacheMs: 0,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * The header's daily-winners dot for a signed-in customer whose segment has the programme (the
 * membership's `showDot`); undefined otherwise, or when the membership cannot be read.
 */
export async function headerMembershipDot(visitor: Visitor): Promise<boolean | undefined> {
  if (!visitor.signedIn) return undefined;
  try {
    const [site, membership] = await Promise.all([loadSite(visitor), loadMembership(visitor)]);
    return siteHas(site, 'membership_program') ? membership.showDot : undefined;
  } catch {
    return undefined;
  }
}
