/**
 * What the lotto party pages post (`intent`): the creation modal's group and session, shares to the
 * cart, a new invite link, joining by an invite, leaving a group, the autosession of a session and
 * the owner's publicity of a group. Refusals come
 * back as field errors for the form that posted; successes that lead elsewhere are redirects.
 */
import { centsToMoney, GROUP_PUBLICITY_STATUSES, type GroupPublicity } from '@drawhouse/domain';
import { redirect } from 'react-router';
import { ApiError } from '../../lib/api.server';
import { addCartItem } from '../../lib/cart.server';
import { fieldErrorsOf } from '../../lib/form-errors.server';
import { formText } from '../../lib/forms';
import type { Visitor } from '../../lib/visitor.server';
import {
  checkGroupName,
  checkShareSetup,
  checkSharesToBuy,
  GENERIC_FAILURE,
  refusalOf,
} from './creation-flow';
import {
  createGroup,
  createSession,
  editAutosession,
  editPublicity,
  joinByToken,
  leaveGroup,
  loadSession,
  newInviteLink,
} from './lotto-party.server';
import { AUTOSESSION_EDIT_FAILED, PUBLICITY_EDIT_FAILED } from './lotto-party-view';

export type LottoPartyActionResult =
  | { ok: false; intent: string; errors: Record<string, string> }
  | { ok: true; intent: 'create-group'; group: { id: string; name: string } }
  | {
      ok: true;
      intent: 'create-session';
      sessionId: string;
      inviteToken: string | null;
      addedShares: number;
      /** Why the creator's shares did not go to the cart (the session is open all the same). */
      cartProblem: string | null;
    }
  | { ok: true; intent: 'invite-link'; inviteToken: string }
  | { ok: true; intent: 'autosession' | 'publicity'; message: string };

const AUTOSESSIONS = ['on', 'paused', 'off'] as const;
type Autosession = (typeof AUTOSESSIONS)[number];

function isAutosession(value: string): value is Autosession {
  return (AUTOSESSIONS as readonly string[]).includes(value);
}

function isPublicity(value: string): value is GroupPublicity {
  return (GROUP_PUBLICITY_STATUSES as readonly string[]).includes(value);
}

function refused(intent: string, error: unknown): LottoPartyActionResult {
  if (!(error instanceof ApiError)) throw error;
  return {
    ok: false,
    intent,
    errors: refusalOf({ code: error.code, message: error.message, fieldErrors: fieldErrorsOf(error) }),
  };
}

/** Adds shares of a session to the cart; the cart's refusal is the form's. */
async function addShares(visitor: Visitor, sessionId: string, numShares: number) {
  const change = await addCartItem(visitor, { sessionId, numShares });
  if (change.ok) return null;
  return change.fieldErrors.numShares ?? change.message ?? GENERIC_FAILURE;
}

async function createSessionIntent(visitor: Visitor, form: FormData): Promise<LottoPartyActionResult> {
  const intent = 'create-session';
  const setup = checkShareSetup(formText(form, 'sharePrice'), formText(form, 'totalShares'));
  if (!setup.ok) return { ok: false, intent, errors: setup.errors };
  const groupId = formText(form, 'groupId');
  const drawId = formText(form, 'drawId');
  if (!groupId) return { ok: false, intent, errors: { general: GENERIC_FAILURE } };
  if (!drawId) return { ok: false, intent, errors: { drawId: 'Choose a draw.' } };
  const autosession = formText(form, 'autosessionStatus');
  const buy = checkSharesToBuy(formText(form, 'numShares') || '0', setup.value.totalShares, true);
  if (!buy.ok) return { ok: false, intent, errors: buy.errors };
  let sessionId: string;
  try {
    const session = await createSession(visitor, {
      groupId,
      drawId,
      inviteAllExistingMembers: true,
      sharePrice: centsToMoney(setup.value.sharePriceCents),
      totalShares: setup.value.totalShares,
      autosessionStatus: isAutosession(autosession) ? autosession : 'off',
    });
    sessionId = session.sessionId;
  } catch (error) {
    return refused(intent, error);
  }
  // The session is open from here on: a failed invite link or cart add is said, not undone.
  let inviteToken: string | null = null;
  try {
    inviteToken = (await newInviteLink(visitor, groupId)).token;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  const cartProblem = buy.value > 0 ? await addShares(visitor, sessionId, buy.value) : null;
  const addedShares = cartProblem ? 0 : buy.value;
  return { ok: true, intent, sessionId, inviteToken, addedShares, cartProblem };
}

export async function lottoPartyAction(visitor: Visitor, form: FormData): Promise<LottoPartyActionResult> {
  const intent = formText(form, 'intent');
  if (intent === 'create-group') {
    const name = checkGroupName(formText(form, 'groupName'));
    if (!name.ok) return { ok: false, intent, errors: name.errors };
    try {
      const group = await createGroup(visitor, name.value);
      return { ok: true, intent, group: { id: group.groupId, name: group.groupName } };
    } catch (error) {
      return refused(intent, error);
    }
  }
  if (intent === 'create-session') return createSessionIntent(visitor, form);
  if (intent === 'buy-shares') {
    const sessionId = formText(form, 'sessionId');
    const session = await loadSession(visitor, sessionId);
    const buy = checkSharesToBuy(formText(form, 'numShares'), session.sharesLeft);
    if (!buy.ok) return { ok: false, intent, errors: buy.errors };
    const problem = await addShares(visitor, session.sessionId, buy.value);
    if (problem) return { ok: false, intent, errors: { numShares: problem } };
    throw redirect('/cart');
  }
  if (intent === 'invite-link') {
    try {
      return {
        ok: true,
        intent,
        inviteToken: (await newInviteLink(visitor, formText(form, 'groupId'))).token,
      };
    } catch (error) {
      return refused(intent, error);
    }
  }
  if (intent === 'join') {
    const token = formText(form, 'token');
    try {
      await joinByToken(visitor, token);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410)
        return {
          ok: false,
          intent,
          errors: { general: 'This invite link has been used up or has expired.' },
        };
      return refused(intent, error);
    }
    throw redirect(`/lotto-party/invite/${encodeURIComponent(token)}`);
  }
  if (intent === 'autosession') {
    const status = formText(form, 'autosessionStatus');
    if (!isAutosession(status)) return { ok: false, intent, errors: { general: AUTOSESSION_EDIT_FAILED } };
    try {
      await editAutosession(visitor, formText(form, 'sessionId'), status);
      return { ok: true, intent, message: 'Autosession saved.' };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ok: false, intent, errors: { general: AUTOSESSION_EDIT_FAILED } };
    }
  }
  if (intent === 'leave') {
    try {
      await leaveGroup(visitor, formText(form, 'groupId'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The API's own words say why (the owner, or shares in a session not settled yet).
      const known = error.code === 'owner_cannot_leave' || error.code === 'holds_shares';
      return { ok: false, intent, errors: { general: known ? error.message : GENERIC_FAILURE } };
    }
    throw redirect('/my-account/lotto-party');
  }
  if (intent === 'publicity') {
    const status = formText(form, 'publicityStatus');
    if (!isPublicity(status)) return { ok: false, intent, errors: { general: PUBLICITY_EDIT_FAILED } };
    try {
      await editPublicity(visitor, formText(form, 'groupId'), status);
      return { ok: true, intent, message: 'Saved.' };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ok: false, intent, errors: { general: PUBLICITY_EDIT_FAILED } };
    }
  }
  return { ok: false, intent, errors: { general: 'That change is not one this page makes.' } };
}
