import { describe, expect, it } from 'vitest';
import {
  checkGroupName,
  checkShareSetup,
  checkSharesToBuy,
  DRAW_CLOSED,
  GENERIC_FAILURE,
  openingFrom,
  refusalOf,
  stepsFrom,
} from './creation-flow';

describe('openingFrom', () => {
  it('opens at the name for a new group and at the draw for an existing one', () => {
    expect(openingFrom({ shouldShowCreateGroupModal: true })).toEqual({ step: 'name_group', group: null });
    expect(openingFrom({ shouldShowCreateGroupModal: true, groupId: 'g1', groupName: 'Office' })).toEqual({
      step: 'select_draw',
      group: { id: 'g1', name: 'Office' },
    });
  });

  it('stays shut without the flag, or with state that is not an object', () => {
    expect(openingFrom(null)).toBeNull();
    expect(openingFrom('shouldShowCreateGroupModal')).toBeNull();
    expect(openingFrom({ shouldShowCreateGroupModal: 'true', groupId: 'g1' })).toBeNull();
    expect(openingFrom({ groupId: 'g1' })).toBeNull();
  });

  it('takes an empty group id as no group', () => {
    expect(openingFrom({ shouldShowCreateGroupModal: true, groupId: '' })?.step).toBe('name_group');
  });
});

describe('stepsFrom', () => {
  it('lists the five steps, or the four after the name for an existing group', () => {
    expect(stepsFrom('name_group')).toEqual([
      'name_group',
      'select_draw',
      'set_share_price',
      'select_auto_session',
      'join_session',
    ]);
    expect(stepsFrom('select_draw')).toHaveLength(4);
  });
});

describe('checkGroupName', () => {
  it('refuses short, long and offensive names on the name field', () => {
    expect(checkGroupName('ab')).toMatchObject({ ok: false, errors: { groupName: expect.any(String) } });
    expect(checkGroupName('x'.repeat(41)).ok).toBe(false);
    expect(checkGroupName('fuck club')).toMatchObject({
      ok: false,
      errors: { groupName: expect.any(String) },
    });
  });

  it('takes a fine name trimmed', () => {
    expect(checkGroupName('  Office Pool ')).toEqual({ ok: true, value: 'Office Pool' });
  });
});

describe('checkShareSetup', () => {
  it('reads dollars and cents and a whole number of shares', () => {
    expect(checkShareSetup('5', '10')).toEqual({
      ok: true,
      value: { sharePriceCents: 500, totalShares: 10 },
    });
    expect(checkShareSetup('$2.50', '2')).toEqual({
      ok: true,
      value: { sharePriceCents: 250, totalShares: 2 },
    });
    expect(checkShareSetup('1,000', '500').ok).toBe(true);
  });

  it('refuses prices out of $1-$1,000, fractions of cents and bad counts, each on its field', () => {
    expect(checkShareSetup('0.99', '10')).toMatchObject({
      ok: false,
      errors: { sharePrice: expect.any(String) },
    });
    expect(checkShareSetup('1000.01', '10').ok).toBe(false);
    expect(checkShareSetup('1.005', '10').ok).toBe(false);
    expect(checkShareSetup('abc', '10').ok).toBe(false);
    const counts = ['1', '501', '2.5', '-3', ''].map((n) => checkShareSetup('5', n));
    for (const c of counts)
      expect(c).toMatchObject({ ok: false, errors: { totalShares: expect.any(String) } });
    const both = checkShareSetup('0', '0');
    expect(both.ok ? [] : Object.keys(both.errors).sort()).toEqual(['sharePrice', 'totalShares']);
  });
});

describe('checkSharesToBuy', () => {
  it('takes 1 to what is left, or 0 when buying later is allowed', () => {
    expect(checkSharesToBuy('3', 3)).toEqual({ ok: true, value: 3 });
    expect(checkSharesToBuy('4', 3).ok).toBe(false);
    expect(checkSharesToBuy('0', 3).ok).toBe(false);
    expect(checkSharesToBuy('0', 3, true)).toEqual({ ok: true, value: 0 });
    expect(checkSharesToBuy('two', 3).ok).toBe(false);
  });
});

describe('refusalOf', () => {
  it('puts an offensive or taken name under the name field with the API message', () => {
    expect(
      refusalOf({ code: 'duplicate_group_name', message: 'That name is taken.', fieldErrors: {} }),
    ).toEqual({
      groupName: 'That name is taken.',
    });
    expect(
      refusalOf({
        code: 'contains_profanity',
        message: 'Unprocessable',
        fieldErrors: { groupName: 'Please choose a name without offensive words.' },
      }),
    ).toEqual({ groupName: 'Please choose a name without offensive words.' });
  });

  it('says a closed draw is closed, and anything else went wrong', () => {
    expect(refusalOf({ code: 'draw_closed', message: 'x', fieldErrors: {} })).toEqual({
      general: DRAW_CLOSED,
    });
    expect(refusalOf({ code: 'session_exists', message: 'x', fieldErrors: {} })).toEqual({
      general: GENERIC_FAILURE,
    });
    expect(refusalOf({ code: 'server_error', message: '', fieldErrors: { general: 'boom' } })).toEqual({
      general: GENERIC_FAILURE,
    });
  });

  it('keeps field errors the modal has fields for', () => {
    expect(
      refusalOf({
        code: 'validation_error',
        message: 'x',
        fieldErrors: { sharePrice: 'Too much.', other: 'y' },
      }),
    ).toEqual({ sharePrice: 'Too much.' });
  });
});
