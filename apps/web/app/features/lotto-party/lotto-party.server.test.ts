import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.server';
import { customerRequest } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';
import {
  groupsPage,
  loadGroup,
  loadInvite,
  myOpenSessionsOn,
  requireLottoParty,
  sessionOrders,
  ticketSession,
} from './lotto-party.server';

vi.mock('../../lib/customer.server', () => ({ customerRequest: vi.fn() }));

const visitor = {} as Visitor;
const request = vi.mocked(customerRequest);

function refusal(status: number, code: string) {
  return new ApiError({ status, code, message: 'no', url: '/social/v3' });
}

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? (error as Response).status;
  }
}

const open = (productOfferKey: string) => ({ draw: { productOfferKey } });

describe('lotto party calls', () => {
  beforeEach(() => vi.clearAllMocks());

  it('are made to the social service', async () => {
    request.mockResolvedValueOnce({ result: { groupId: 'g1' }, messages: [] });
    await loadGroup(visitor, 'g1');
    expect(request).toHaveBeenCalledWith(
      expect.anything(),
      visitor,
      '/group/g1',
      expect.objectContaining({ service: 'social' }),
    );
  });

  it('answer the 404 page for a group the customer is not in, and for an id that is no id', async () => {
    request.mockRejectedValueOnce(refusal(404, 'not_found'));
    expect(await statusOf(loadGroup(visitor, 'g2'))).toBe(404);
    expect(await statusOf(loadGroup(visitor, '../admin'))).toBe(404);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('page groups six at a time, and a page past the last is the 404 page', async () => {
    request.mockResolvedValueOnce({ result: [], pageInfo: { total: 13 }, messages: [] } as never);
    const page = await groupsPage(visitor, '3');
    expect(request.mock.calls[0]?.[3]).toMatchObject({ query: { limit: 6, offset: 12 } });
    expect(page).toMatchObject({ page: 3, pages: 3 });
    request.mockResolvedValueOnce({ result: [], pageInfo: { total: 13 }, messages: [] } as never);
    expect(await statusOf(groupsPage(visitor, '4'))).toBe(404);
    expect(await statusOf(groupsPage(visitor, '0'))).toBe(404);
  });

  it('list only the open sessions on the offer asked for', async () => {
    request.mockResolvedValueOnce({
      result: [{ openSession: open('powerball') }, { openSession: null }, { openSession: open('oz-lotto') }],
      messages: [],
    } as never);
    expect(await myOpenSessionsOn(visitor, 'powerball')).toEqual([open('powerball')]);
  });

  it('tell an unknown invite from a spent one', async () => {
    request.mockRejectedValueOnce(refusal(404, 'invite_not_found'));
    expect(await loadInvite(visitor, 'abc')).toEqual({ refusal: 'invite_not_found' });
    request.mockRejectedValueOnce(refusal(410, 'invite_spent'));
    expect(await loadInvite(visitor, 'abc')).toEqual({ refusal: 'invite_spent' });
    expect(await loadInvite(visitor, 'a b')).toEqual({ refusal: 'invite_not_found' });
  });

  it('give no ticket when it cannot load, but let a sign-in redirect through', async () => {
    request.mockRejectedValueOnce(refusal(404, 'not_found'));
    expect(await ticketSession(visitor, 's1')).toBeNull();
    request.mockRejectedValueOnce(new Response(null, { status: 503 }));
    expect(await ticketSession(visitor, 's1')).toBeNull();
    request.mockRejectedValueOnce(new Response(null, { status: 302, headers: { Location: '/login' } }));
    expect(await statusOf(ticketSession(visitor, 's1'))).toBe(302);
  });

  it("read the member's orders of a session from the main service, none when refused", async () => {
    request.mockResolvedValueOnce({ result: [{ id: 'o1' }], messages: [] } as never);
    expect(await sessionOrders(visitor, 's1')).toEqual([{ id: 'o1' }]);
    expect(request).toHaveBeenLastCalledWith(
      expect.anything(),
      visitor,
      '/orders/social_syndicate_session/s1',
      { query: { show_details: true } },
    );
    request.mockRejectedValueOnce(refusal(404, 'not_found'));
    expect(await sessionOrders(visitor, 's2')).toEqual([]);
  });

  it('are off without the social-syndicates capability', () => {
    expect(() => requireLottoParty({ capabilities: ['social-syndicates'] })).not.toThrow();
    expect(() => requireLottoParty({ capabilities: ['syndicates'] })).toThrow();
  });
});
