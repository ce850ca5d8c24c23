import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.server';
import { addCartItem } from '../../lib/cart.server';
import type { Visitor } from '../../lib/visitor.server';
import {
  createGroup,
  createSession,
  editAutosession,
  editPublicity,
  leaveGroup,
  loadSession,
  newInviteLink,
} from './lotto-party.server';
import { lottoPartyAction } from './lotto-party-actions.server';
import { AUTOSESSION_EDIT_FAILED, PUBLICITY_EDIT_FAILED } from './lotto-party-view';

vi.mock('./lotto-party.server', () => ({
  createGroup: vi.fn(async () => ({ groupId: 'g1', groupName: 'Office Pool' })),
  createSession: vi.fn(async () => ({ sessionId: 's1' })),
  editAutosession: vi.fn(async () => ({})),
  editPublicity: vi.fn(async () => ({})),
  joinByToken: vi.fn(async () => undefined),
  leaveGroup: vi.fn(async () => undefined),
  loadSession: vi.fn(async () => ({ sessionId: 's1', sharesLeft: 4 })),
  newInviteLink: vi.fn(async () => ({ token: 'tok-123', url: '', expiresAt: '' })),
}));
vi.mock('../../lib/cart.server', () => ({ addCartItem: vi.fn(async () => ({ ok: true, cart: {} })) }));

const visitor = {} as Visitor;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function refusal(status: number, code: string, fieldErrors = {}) {
  return new ApiError({ status, code, message: 'The API says no.', url: '/social/v3', fieldErrors });
}

const SESSION_FORM = {
  intent: 'create-session',
  groupId: 'g1',
  drawId: 'd1',
  sharePrice: '2.50',
  totalShares: '10',
  autosessionStatus: 'on',
  numShares: '3',
};

describe('lottoPartyAction', () => {
  beforeEach(() => vi.clearAllMocks());

  it('creates a group with the name trimmed, and refuses a bad one without calling the API', async () => {
    expect(
      await lottoPartyAction(visitor, form({ intent: 'create-group', groupName: ' Office Pool ' })),
    ).toEqual({
      ok: true,
      intent: 'create-group',
      group: { id: 'g1', name: 'Office Pool' },
    });
    expect(createGroup).toHaveBeenCalledWith(visitor, 'Office Pool');
    const short = await lottoPartyAction(visitor, form({ intent: 'create-group', groupName: 'ab' }));
    expect(short).toMatchObject({ ok: false, errors: { groupName: expect.any(String) } });
    expect(createGroup).toHaveBeenCalledTimes(1);
  });

  it('shows a taken name under the name field', async () => {
    vi.mocked(createGroup).mockRejectedValueOnce(refusal(409, 'duplicate_group_name'));
    expect(
      await lottoPartyAction(visitor, form({ intent: 'create-group', groupName: 'Office Pool' })),
    ).toEqual({
      ok: false,
      intent: 'create-group',
      errors: { groupName: 'The API says no.' },
    });
  });

  it('opens the session in cents, makes an invite link and puts the shares in the cart', async () => {
    const result = await lottoPartyAction(visitor, form(SESSION_FORM));
    expect(createSession).toHaveBeenCalledWith(visitor, {
      groupId: 'g1',
      drawId: 'd1',
      inviteAllExistingMembers: true,
      sharePrice: { amount: 2.5, currency: 'AUD' },
      totalShares: 10,
      autosessionStatus: 'on',
    });
    expect(newInviteLink).toHaveBeenCalledWith(visitor, 'g1');
    expect(addCartItem).toHaveBeenCalledWith(visitor, { sessionId: 's1', numShares: 3 });
    expect(result).toEqual({
      ok: true,
      intent: 'create-session',
      sessionId: 's1',
      inviteToken: 'tok-123',
      addedShares: 3,
      cartProblem: null,
    });
  });

  it('adds nothing to the cart when the creator buys later', async () => {
    const result = await lottoPartyAction(visitor, form({ ...SESSION_FORM, numShares: '0' }));
    expect(addCartItem).not.toHaveBeenCalled();
    expect(result).toMatchObject({ ok: true, addedShares: 0 });
  });

  it("keeps the opened session when the cart refuses the creator's shares, and says why", async () => {
    vi.mocked(addCartItem).mockResolvedValueOnce({
      ok: false,
      fieldErrors: {},
      message: 'Your cart is full.',
    });
    expect(await lottoPartyAction(visitor, form(SESSION_FORM))).toMatchObject({
      ok: true,
      sessionId: 's1',
      addedShares: 0,
      cartProblem: 'Your cart is full.',
    });
  });

  it("puts the API's field errors under the modal's fields", async () => {
    vi.mocked(createGroup).mockRejectedValueOnce(
      refusal(422, 'contains_profanity', {
        groupName: [{ code: 'contains_profanity', message: 'Not that word.' }],
      }),
    );
    expect(
      await lottoPartyAction(visitor, form({ intent: 'create-group', groupName: 'Fine Name' })),
    ).toMatchObject({
      errors: { groupName: 'Not that word.' },
    });
    vi.mocked(createSession).mockRejectedValueOnce(
      refusal(400, 'validation_error', { sharePrice: [{ code: 'invalid', message: 'Whole cents only.' }] }),
    );
    expect(await lottoPartyAction(visitor, form(SESSION_FORM))).toMatchObject({
      errors: { sharePrice: 'Whole cents only.' },
    });
  });

  it('says a closed draw is closed, and anything else went wrong', async () => {
    vi.mocked(createSession).mockRejectedValueOnce(refusal(422, 'draw_closed'));
    expect(await lottoPartyAction(visitor, form(SESSION_FORM))).toMatchObject({
      ok: false,
      errors: { general: 'This draw is closed.' },
    });
    vi.mocked(createSession).mockRejectedValueOnce(refusal(409, 'session_exists'));
    expect(await lottoPartyAction(visitor, form(SESSION_FORM))).toMatchObject({
      ok: false,
      errors: { general: 'Something went wrong' },
    });
    expect(addCartItem).not.toHaveBeenCalled();
  });

  it('checks the price and share count before the API', async () => {
    const result = await lottoPartyAction(
      visitor,
      form({ ...SESSION_FORM, sharePrice: '0.50', totalShares: '1' }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { sharePrice: expect.any(String), totalShares: expect.any(String) },
    });
    expect(createSession).not.toHaveBeenCalled();
  });

  it('adds bought shares to the cart and goes there; more than are left is refused', async () => {
    const thrown = await lottoPartyAction(
      visitor,
      form({ intent: 'buy-shares', sessionId: 's1', numShares: '2' }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/cart');
    expect(loadSession).toHaveBeenCalledWith(visitor, 's1');
    expect(addCartItem).toHaveBeenCalledWith(visitor, { sessionId: 's1', numShares: 2 });
    const tooMany = await lottoPartyAction(
      visitor,
      form({ intent: 'buy-shares', sessionId: 's1', numShares: '5' }),
    );
    expect(tooMany).toMatchObject({ ok: false, errors: { numShares: 'Choose from 1 to 4 shares.' } });
  });

  it("shows the cart's refusal of shares under the field", async () => {
    vi.mocked(addCartItem).mockResolvedValueOnce({ ok: false, fieldErrors: {}, message: 'Sold out.' });
    expect(
      await lottoPartyAction(visitor, form({ intent: 'buy-shares', sessionId: 's1', numShares: '1' })),
    ).toEqual({ ok: false, intent: 'buy-shares', errors: { numShares: 'Sold out.' } });
  });

  it('edits the autosession, with the one failure message on any refusal', async () => {
    const ok = await lottoPartyAction(
      visitor,
      form({ intent: 'autosession', sessionId: 's1', autosessionStatus: 'paused' }),
    );
    expect(editAutosession).toHaveBeenCalledWith(visitor, 's1', 'paused');
    expect(ok).toMatchObject({ ok: true });
    vi.mocked(editAutosession).mockRejectedValueOnce(refusal(422, 'invalid_transition'));
    const failed = await lottoPartyAction(
      visitor,
      form({ intent: 'autosession', sessionId: 's1', autosessionStatus: 'on' }),
    );
    expect(failed).toEqual({
      ok: false,
      intent: 'autosession',
      errors: { general: AUTOSESSION_EDIT_FAILED },
    });
    const bogus = await lottoPartyAction(
      visitor,
      form({ intent: 'autosession', sessionId: 's1', autosessionStatus: 'always' }),
    );
    expect(bogus).toEqual({ ok: false, intent: 'autosession', errors: { general: AUTOSESSION_EDIT_FAILED } });
    expect(editAutosession).toHaveBeenCalledTimes(2);
  });

  it("changes the group's publicity, with one failure message on a refusal or a status not in the table", async () => {
    expect(
      await lottoPartyAction(
        visitor,
        form({ intent: 'publicity', groupId: 'g1', publicityStatus: 'promoted' }),
      ),
    ).toEqual({ ok: true, intent: 'publicity', message: 'Saved.' });
    expect(editPublicity).toHaveBeenCalledWith(visitor, 'g1', 'promoted');
    vi.mocked(editPublicity).mockRejectedValueOnce(refusal(403, 'not_group_owner'));
    expect(
      await lottoPartyAction(
        visitor,
        form({ intent: 'publicity', groupId: 'g1', publicityStatus: 'private' }),
      ),
    ).toEqual({ ok: false, intent: 'publicity', errors: { general: PUBLICITY_EDIT_FAILED } });
    vi.mocked(editPublicity).mockClear();
    const bogus = await lottoPartyAction(
      visitor,
      form({ intent: 'publicity', groupId: 'g1', publicityStatus: 'everyone' }),
    );
    expect(bogus).toEqual({ ok: false, intent: 'publicity', errors: { general: PUBLICITY_EDIT_FAILED } });
    expect(editPublicity).not.toHaveBeenCalled();
  });

  it('leaves a group and goes to the groups page; a refusal says why in the API words, anything else generically', async () => {
    const left = await lottoPartyAction(visitor, form({ intent: 'leave', groupId: 'g1' })).catch(
      (thrown: unknown) => thrown,
    );
    expect(left).toBeInstanceOf(Response);
    expect((left as Response).headers.get('Location')).toBe('/my-account/lotto-party');
    expect(leaveGroup).toHaveBeenCalledWith(visitor, 'g1');
    vi.mocked(leaveGroup).mockRejectedValueOnce(refusal(409, 'holds_shares'));
    expect(await lottoPartyAction(visitor, form({ intent: 'leave', groupId: 'g1' }))).toEqual({
      ok: false,
      intent: 'leave',
      errors: { general: 'The API says no.' },
    });
    vi.mocked(leaveGroup).mockRejectedValueOnce(refusal(500, 'internal_error'));
    expect(await lottoPartyAction(visitor, form({ intent: 'leave', groupId: 'g1' }))).toEqual({
      ok: false,
      intent: 'leave',
      errors: { general: 'Something went wrong' },
    });
  });
});
