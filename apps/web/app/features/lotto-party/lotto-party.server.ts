/**
 * The lotto party calls of the API's social service (/social/v3, docs/api/lotto-party.md), made for
 * the signed-in customer: groups, invite links, sessions, discovery and the creation modal's
 * configuration. A group, session or token the API does not show this customer (unknown, or a
 * private group they are not in) is the 404 page.
 */
import {
  type CreateSessionBody,
  type Group,
  type GroupInvite,
  GroupInviteSchema,
  GroupListSchema,
  GroupSchema,
  InviteLinkSchema,
  LeftGroupSchema,
  type LottoPartyConfig,
  LottoPartyConfigSchema,
  type Session,
  SessionListSchema,
  type SessionOrder,
  SessionOrderListSchema,
  SessionSchema,
} from '@drawhouse/contract';
import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { type Answer, type AnswerSchema, ApiError, type RequestOptions } from '../../lib/api.server';
import { customerRequest } from '../../lib/customer.server';
import { pageCount, pageNumber } from '../../lib/paging';
import { siteHas } from '../../lib/site.server';
import type { Visitor } from '../../lib/visitor.server';

export const LOTTO_PARTY_CAPABILITY = 'social-syndicates';
export const GROUPS_PAGE_SIZE = 6;
export const SESSIONS_PAGE_SIZE = 10;
/** How many of the customer's groups the play screen looks through for open sessions on an offer. */
const PLAY_GROUPS_LIMIT = 50;

export function notFound(): never {
  throw data(null, { status: 404 });
}

/** Every lotto party page answers the 404 page while the segment lacks the capability. */
export function requireLottoParty(site: { capabilities: readonly string[] }): void {
  if (!siteHas(site, LOTTO_PARTY_CAPABILITY)) notFound();
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
}

function social<S extends AnswerSchema>(
  schema: S,
  visitor: Visitor,
  path: string,
  options: Omit<RequestOptions, 'caller'> = {},
) {
  return customerRequest(schema, visitor, path, { ...options, service: 'social' });
}

/** A GET whose "not yours or not there" answer is the 404 page. */
async function socialGet<S extends AnswerSchema>(
  schema: S,
  visitor: Visitor,
  path: string,
  query?: RequestOptions['query'],
): Promise<Answer<S>> {
  try {
    return (await social(schema, visitor, path, { query })).result;
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

/** An identifier from the address, or the 404 page. */
export function idParam(id: string | undefined): string {
  const clean = cleanIdentifier(id);
  if (!clean) notFound();
  return encodeURIComponent(clean);
}

/** A page number from the address (none is 1), or the 404 page. */
function pageParam(param: string | undefined): number {
  const page = pageNumber(param);
  if (page < 1) notFound();
  return page;
}

export function loadConfig(visitor: Visitor): Promise<LottoPartyConfig> {
  return socialGet(LottoPartyConfigSchema, visitor, '/config');
}

export type Paged<T> = { items: T[]; page: number; pages: number };

/** A page (from 1, six a page) of the customer's groups, newest first; past the last is the 404 page. */
export async function groupsPage(visitor: Visitor, param: string | undefined): Promise<Paged<Group>> {
  const page = pageParam(param);
  const envelope = await social(GroupListSchema, visitor, '/group', {
    query: { limit: GROUPS_PAGE_SIZE, offset: (page - 1) * GROUPS_PAGE_SIZE },
  });
  const pages = pageCount(envelope.pageInfo?.total ?? envelope.result.length, GROUPS_PAGE_SIZE);
  if (page > pages) notFound();
  return { items: envelope.result, page, pages };
}

export async function loadGroup(visitor: Visitor, id: string | undefined): Promise<Group> {
  return socialGet(GroupSchema, visitor, `/group/${idParam(id)}`);
}

/** A page of a group's sessions, newest first. */
export async function groupSessionsPage(
  visitor: Visitor,
  groupId: string | undefined,
  param: string | undefined,
): Promise<Paged<Session>> {
  const page = pageParam(param);
  try {
    const envelope = await social(SessionListSchema, visitor, `/group/${idParam(groupId)}/session`, {
      query: { limit: SESSIONS_PAGE_SIZE, offset: (page - 1) * SESSIONS_PAGE_SIZE },
    });
    const pages = pageCount(envelope.pageInfo?.total ?? envelope.result.length, SESSIONS_PAGE_SIZE);
    if (page > pages) notFound();
    return { items: envelope.result, page, pages };
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

export async function loadSession(visitor: Visitor, id: string | undefined): Promise<Session> {
  return socialGet(SessionSchema, visitor, `/session/${idParam(id)}`);
}

/** The open sessions of the customer's groups on one offer (the play screen's list). */
export async function myOpenSessionsOn(visitor: Visitor, productOfferKey: string): Promise<Session[]> {
  const envelope = await social(GroupListSchema, visitor, '/group', {
    query: { limit: PLAY_GROUPS_LIMIT, offset: 0 },
  });
  return envelope.result
    .map((group) => group.openSession)
    .filter((s): s is Session => s !== null && s.draw.productOfferKey === productOfferKey);
}

/** Open sessions of promoted and public groups, for the listing. */
export async function discoverSessions(visitor: Visitor): Promise<Session[]> {
  const envelope = await social(SessionListSchema, visitor, '/session/discover', {
    query: { limit: 24, offset: 0 },
  });
  return envelope.result;
}

/** What an invite link shows; the token's own answer (unknown or spent) is handed back to the page. */
export async function loadInvite(
  visitor: Visitor,
  token: string | undefined,
): Promise<{ invite: GroupInvite } | { refusal: 'invite_not_found' | 'invite_spent' }> {
  const clean = cleanIdentifier(token);
  if (!clean) return { refusal: 'invite_not_found' };
  try {
    return { invite: (await social(GroupInviteSchema, visitor, `/group/token/${clean}`)).result };
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) return { refusal: 'invite_spent' };
    if (isNotFound(error)) return { refusal: 'invite_not_found' };
    throw error;
  }
}

/** Joins the group of an invite link (joining twice is fine). */
export async function joinByToken(visitor: Visitor, token: string): Promise<void> {
  const clean = cleanIdentifier(token);
  if (!clean) throw new ApiError({ status: 404, code: 'invite_not_found', message: '', url: '' });
  await social(GroupSchema, visitor, `/group/token/${clean}/join`, { method: 'POST' });
}

export async function createGroup(visitor: Visitor, groupName: string): Promise<Group> {
  return (await social(GroupSchema, visitor, '/group', { method: 'POST', body: { groupName } })).result;
}

export async function createSession(visitor: Visitor, body: CreateSessionBody): Promise<Session> {
  return (await social(SessionSchema, visitor, '/session', { method: 'POST', body })).result;
}

export async function editAutosession(
  visitor: Visitor,
  sessionId: string,
  autosessionStatus: Session['autosessionStatus'],
): Promise<Session> {
  const path = `/session/${idParam(sessionId)}`;
  return (await social(SessionSchema, visitor, path, { method: 'PUT', body: { autosessionStatus } })).result;
}

/** The caller leaves a group (the API refuses the owner and a member holding unsettled shares). */
export async function leaveGroup(visitor: Visitor, groupId: string): Promise<void> {
  await social(LeftGroupSchema, visitor, `/group/${idParam(groupId)}/member`, { method: 'DELETE' });
}

/** The owner's change of who sees the group's sessions. */
export async function editPublicity(
  visitor: Visitor,
  groupId: string,
  publicityStatus: Group['publicityStatus'],
): Promise<Group> {
  const path = `/group/${idParam(groupId)}`;
  return (await social(GroupSchema, visitor, path, { method: 'PUT', body: { publicityStatus } })).result;
}

/** A new invite link for a group (earlier links stop working). */
export async function newInviteLink(visitor: Visitor, groupId: string) {
  const path = `/group/${idParam(groupId)}/invite`;
  return (await social(InviteLinkSchema, visitor, path, { method: 'POST' })).result;
}

/**
 * A session for its ticket page, or null when it cannot be loaded (not found, not this customer's,
 * or the API failing): the page then says so instead of an error page. Sign-in redirects go on.
 */
export async function ticketSession(visitor: Visitor, id: string | undefined): Promise<Session | null> {
  const clean = cleanIdentifier(id);
  if (!clean) return null;
  try {
    return (await social(SessionSchema, visitor, `/session/${encodeURIComponent(clean)}`)).result;
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    if (error instanceof ApiError || error instanceof Response) return null;
    throw error;
  }
}

/**
 * The signed-in member's orders of shares in a session (`GET /v2/orders/social_syndicate_session/{id}`);
 * none when they cannot be read, the ticket being the page's main content.
 */
export async function sessionOrders(visitor: Visitor, id: string): Promise<SessionOrder[]> {
  const clean = cleanIdentifier(id);
  if (!clean) return [];
  try {
    const path = `/orders/social_syndicate_session/${encodeURIComponent(clean)}`;
    return (await customerRequest(SessionOrderListSchema, visitor, path, { query: { show_details: true } }))
      .result;
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}
