/**
 * The creation modal's rules, apart from its markup: where it starts, how each step's fields are
 * read and checked before anything is sent, and how the API's refusals are shown.
 */
import {
  CREATION_STEPS,
  type CreationStep,
  groupNameRefusal,
  MAX_TOTAL_SHARES,
  parseCurrencyInput,
  sharePriceCents,
  totalSharesRefusal,
} from '@drawhouse/domain';

export { CREATION_STEPS, type CreationStep };

export const GENERIC_FAILURE = 'Something went wrong';
export const DRAW_CLOSED = 'This draw is closed.';

export const STEP_TITLES: Record<CreationStep, string> = {
  name_group: 'Name your group',
  select_draw: 'Choose a draw',
  set_share_price: 'Set the share price',
  select_auto_session: 'Play every draw?',
  join_session: 'Join your session',
};

/** What the page's navigation state may carry to open the modal. */
export type CreateModalState = {
  shouldShowCreateGroupModal?: boolean;
  groupId?: string;
  groupName?: string;
};

export type Opening = { step: CreationStep; group: { id: string; name: string } | null };

/**
 * The modal opens when the navigation state asks for it; with a group it starts at the draw, the
 * group being there already. Anything else in the state is ignored.
 */
export function openingFrom(state: unknown): Opening | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as CreateModalState;
  if (s.shouldShowCreateGroupModal !== true) return null;
  if (typeof s.groupId === 'string' && s.groupId !== '') {
    return {
      step: 'select_draw',
      group: { id: s.groupId, name: typeof s.groupName === 'string' ? s.groupName : '' },
    };
  }
  return { step: 'name_group', group: null };
}

/** The steps the modal shows, from where it opened. */
export function stepsFrom(first: CreationStep): CreationStep[] {
  return CREATION_STEPS.slice(CREATION_STEPS.indexOf(first));
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** The group name as the web can judge it (length and profanity); duplicates are the API's. */
export function checkGroupName(name: string): Checked<string> {
  const refusal = groupNameRefusal(name);
  return refusal ? { ok: false, errors: { groupName: refusal.message } } : { ok: true, value: name.trim() };
}

/** The share price (dollars as typed) and the number of shares of a session. */
export function checkShareSetup(
  priceText: string,
  sharesText: string,
): Checked<{ sharePriceCents: number; totalShares: number }> {
  const errors: Record<string, string> = {};
  const cents = parseCurrencyInput(priceText);
  let priceCents = 0;
  if (cents === null) errors.sharePrice = 'Enter a share price in dollars and cents, e.g. 5.00.';
  else {
    const price = sharePriceCents(cents / 100);
    if ('error' in price) errors.sharePrice = price.error;
    else priceCents = price.cents;
  }
  const total = /^\d{1,4}$/.test(sharesText.trim()) ? Number(sharesText.trim()) : Number.NaN;
  const refusal = totalSharesRefusal(total);
  if (refusal) errors.totalShares = refusal;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { sharePriceCents: priceCents, totalShares: total } };
}

/** How many shares to buy: 1 to what is left (the creator may also buy none yet). */
export function checkSharesToBuy(text: string, left: number, allowNone = false): Checked<number> {
  const n = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const min = allowNone ? 0 : 1;
  if (!Number.isSafeInteger(n) || n < min || n > Math.min(left, MAX_TOTAL_SHARES)) {
    return { ok: false, errors: { numShares: `Choose from ${min} to ${left} shares.` } };
  }
  return { ok: true, value: n };
}

/**
 * The API's refusal as the modal shows it: a name refused (offensive or taken) under the name field,
 * a closed draw in its own words, a field the API names under that field, anything else one
 * general line.
 */
export function refusalOf(error: {
  code: string;
  message: string;
  fieldErrors: Record<string, string>;
}): Record<string, string> {
  if (error.code === 'contains_profanity' || error.code === 'duplicate_group_name') {
    return { groupName: error.fieldErrors.groupName ?? (error.message || GENERIC_FAILURE) };
  }
  if (error.code === 'draw_closed') return { general: DRAW_CLOSED };
  const known = ['sharePrice', 'totalShares', 'drawId', 'numShares'];
  const fields = Object.fromEntries(Object.entries(error.fieldErrors).filter(([k]) => known.includes(k)));
  if (Object.keys(fields).length > 0) return fields;
  return { general: GENERIC_FAILURE };
}
