import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.server';
import type { Visitor } from '../../lib/visitor.server';
import { requestUnlock, updateMembership } from './membership.server';
import { membershipAction } from './membership-action.server';

vi.mock('./membership.server', () => ({
  updateMembership: vi.fn(async () => undefined),
  requestUnlock: vi.fn(async () => ({ title: 'November major', unlock: 'pending' })),
}));

const visitor = { signedIn: true, path: '/daily-winners' } as Visitor;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('membershipAction', () => {
  beforeEach(() => vi.clearAllMocks());

  it('joins free and leaves through PUT membership', async () => {
    expect(await membershipAction(visitor, form({ intent: 'join' }))).toMatchObject({ ok: true });
    expect(updateMembership).toHaveBeenLastCalledWith(visitor, 'member', 'free');
    expect(await membershipAction(visitor, form({ intent: 'leave' }))).toMatchObject({ ok: true });
    expect(updateMembership).toHaveBeenLastCalledWith(visitor, 'non-member');
  });

  it('unlocks a giveaway and says whether the unlock is pending or done', async () => {
    const pending = await membershipAction(visitor, form({ intent: 'unlock', giveawayId: 'g-7' }));
    expect(requestUnlock).toHaveBeenCalledWith(visitor, 'g-7');
    expect(pending.message).toMatch(/^Unlock pending/);
    vi.mocked(requestUnlock).mockResolvedValueOnce({ title: 'November major', unlock: 'resolved' } as never);
    const resolved = await membershipAction(visitor, form({ intent: 'unlock', giveawayId: 'g-7' }));
    expect(resolved.message).toBe('Your entry in November major is unlocked.');
  });

  it("shows the API's refusal, and calls nothing for an unknown intent", async () => {
    vi.mocked(requestUnlock).mockRejectedValueOnce(
      new ApiError({
        status: 409,
        code: 'closed',
        message: 'This giveaway has closed.',
        url: '/rewards/v3/draws/g',
      }),
    );
    expect(await membershipAction(visitor, form({ intent: 'unlock', giveawayId: 'g' }))).toEqual({
      ok: false,
      errors: { general: 'This giveaway has closed.' },
    });
    expect((await membershipAction(visitor, form({ intent: 'delete-everything' }))).ok).toBe(false);
    expect(updateMembership).not.toHaveBeenCalled();
  });

  it('sends a visitor who is not signed in to log in', async () => {
    await expect(
      membershipAction({ signedIn: false, path: '/daily-winners' } as Visitor, form({ intent: 'join' })),
    ).rejects.toBeInstanceOf(Response);
    expect(updateMembership).not.toHaveBeenCalled();
  });
});
