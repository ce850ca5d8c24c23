import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.server';
import type { Visitor } from '../../lib/visitor.server';
import { changeRecurringStatus, patchAutoplay } from './recurring.server';
import { recurringAction } from './recurring-actions.server';

vi.mock('./recurring.server', () => ({
  changeRecurringStatus: vi.fn(async () => ({})),
  patchAutoplay: vi.fn(async () => ({})),
}));

const visitor = {} as Visitor;
const NOW = new Date('2026-11-24T08:00:00Z');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('recurringAction', () => {
  beforeEach(() => vi.clearAllMocks());

  it('sends each change as the status or field the API takes', async () => {
    await recurringAction(
      visitor,
      'autoplay',
      'ap-1',
      form({ intent: 'pause', pauseMode: 'until', pausedUntil: '2026-12-10' }),
      NOW,
    );
    expect(changeRecurringStatus).toHaveBeenLastCalledWith(visitor, 'autoplay', 'ap-1', {
      status: 'timed_paused',
      pausedUntil: '2026-12-10',
    });
    await recurringAction(
      visitor,
      'subscriptions',
      's-1',
      form({ intent: 'pause', pauseMode: 'indefinitely' }),
      NOW,
    );
    expect(changeRecurringStatus).toHaveBeenLastCalledWith(visitor, 'subscriptions', 's-1', {
      status: 'paused',
      pausedUntil: null,
    });
    const cancelled = await recurringAction(visitor, 'autoplay', 'ap-1', form({ intent: 'cancel' }), NOW);
    expect(changeRecurringStatus).toHaveBeenLastCalledWith(visitor, 'autoplay', 'ap-1', {
      status: 'cancelled',
      pausedUntil: null,
    });
    expect(cancelled).toEqual({
      ok: true,
      intent: 'cancel',
      message: 'Cancelled: nothing more will be bought.',
    });

    await recurringAction(
      visitor,
      'autoplay',
      'ap-1',
      form({ intent: 'minimum-jackpot', minimumJackpotAmount: '$20,000,000' }),
      NOW,
    );
    expect(patchAutoplay).toHaveBeenLastCalledWith(visitor, 'ap-1', { minimumJackpotAmount: '20000000' });
    await recurringAction(
      visitor,
      'autoplay',
      'ap-1',
      form({ intent: 'minimum-jackpot', minimumJackpotAmount: '' }),
      NOW,
    );
    expect(patchAutoplay).toHaveBeenLastCalledWith(visitor, 'ap-1', { minimumJackpotAmount: null });
  });

  it('refuses a past pause date and a change a subscription does not take, calling nothing', async () => {
    const past = await recurringAction(
      visitor,
      'autoplay',
      'ap-1',
      form({ intent: 'pause', pauseMode: 'until', pausedUntil: '2026-11-01' }),
      NOW,
    );
    expect(past).toEqual({
      ok: false,
      intent: 'pause',
      errors: { pausedUntil: 'The pause must end after today.' },
    });
    const odd = await recurringAction(
      visitor,
      'subscriptions',
      's-1',
      form({ intent: 'quickpick', quickpick: 'true' }),
      NOW,
    );
    expect(odd.ok).toBe(false);
    expect(changeRecurringStatus).not.toHaveBeenCalled();
    expect(patchAutoplay).not.toHaveBeenCalled();
  });

  it("shows the API's refusal under its field", async () => {
    vi.mocked(patchAutoplay).mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: 'invalid',
        message: 'Invalid',
        url: '/autoplay/ap-1',
        fieldErrors: { minimum_jackpot_amount: [{ code: 'too_big', message: 'At most $500 million.' }] },
      }),
    );
    const result = await recurringAction(
      visitor,
      'autoplay',
      'ap-1',
      form({ intent: 'minimum-jackpot', minimumJackpotAmount: '900000000' }),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      intent: 'minimum-jackpot',
      errors: { minimumJackpotAmount: 'At most $500 million.' },
    });
  });
});
