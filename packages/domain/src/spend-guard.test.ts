import { describe, expect, it } from 'vitest';
import {
  type CustomerStanding,
  skipsRecurring,
  spendLimitRequired,
  spendLimitStatesOf,
  standingRefusal,
} from './spend-guard.ts';

const clear: CustomerStanding = { migrationDue: false, onBreak: null, spendLimitRequired: false };
const onBreak = { code: 'take_a_break' as const, message: 'You are taking a break' };

describe('spendLimitRequired', () => {
  it('asks a customer of a listed state with no spend limit, and no one else', () => {
    expect(spendLimitRequired({ state: 'SA', requiredStates: ['SA'], hasSpendLimit: false })).toBe(true);
    expect(spendLimitRequired({ state: ' sa ', requiredStates: ['SA'], hasSpendLimit: false })).toBe(true);
    expect(spendLimitRequired({ state: 'SA', requiredStates: ['SA'], hasSpendLimit: true })).toBe(false);
    expect(spendLimitRequired({ state: 'NSW', requiredStates: ['SA'], hasSpendLimit: false })).toBe(false);
    expect(spendLimitRequired({ state: null, requiredStates: ['SA'], hasSpendLimit: false })).toBe(false);
    expect(spendLimitRequired({ state: 'SA', requiredStates: [], hasSpendLimit: false })).toBe(false);
  });

  it('reads the listed states from the setting, ignoring what is not a state', () => {
    expect(spendLimitStatesOf(['SA', 'vic', 'Atlantis', 3])).toEqual(['SA', 'VIC']);
    expect(spendLimitStatesOf(null)).toEqual([]);
    expect(spendLimitStatesOf({ SA: true })).toEqual([]);
  });
});

describe('standingRefusal', () => {
  it('lets a customer in good standing do anything', () => {
    for (const action of ['cart_add', 'purchase', 'deposit', 'withdraw', 'recurring'] as const) {
      expect(standingRefusal(clear, action)).toBeNull();
    }
  });

  it('refuses money moving, withdrawals included, while an older account must move in, not a cart add', () => {
    const due = { ...clear, migrationDue: true };
    for (const action of ['purchase', 'deposit', 'withdraw', 'recurring'] as const) {
      expect(standingRefusal(due, action)).toMatchObject({ status: 409, code: 'migration_required' });
    }
    expect(standingRefusal(due, 'cart_add')).toBeNull();
  });

  it('refuses adding and buying from where the shop may not sell, with the location words', () => {
    const abroad = {
      ...clear,
      location: { purchase: 'location_confirmation_required' as const, locatedCountry: 'NZ' },
    };
    expect(standingRefusal(abroad, 'cart_add')).toMatchObject({
      status: 403,
      code: 'location_confirmation_required',
      message: expect.stringMatching(/New Zealand/),
    });
    expect(standingRefusal(abroad, 'purchase')?.code).toBe('location_confirmation_required');
    expect(standingRefusal(abroad, 'deposit')).toBeNull();
    expect(standingRefusal(abroad, 'withdraw')).toBeNull();
    const banned = { ...clear, location: { purchase: 'country_banned' as const, locatedCountry: 'US' } };
    expect(standingRefusal(banned, 'purchase')).toMatchObject({ status: 403, code: 'country_banned' });
  });

  it('refuses spending and depositing during a break, never a withdrawal', () => {
    const resting = { ...clear, onBreak };
    for (const action of ['cart_add', 'purchase', 'deposit', 'recurring'] as const) {
      expect(standingRefusal(resting, action)).toEqual({ status: 422, ...onBreak });
    }
    expect(standingRefusal(resting, 'withdraw')).toBeNull();
  });

  it('asks for a spend limit before adding, buying or depositing, never before a withdrawal', () => {
    const required = { ...clear, spendLimitRequired: true };
    for (const action of ['cart_add', 'purchase', 'deposit', 'recurring'] as const) {
      expect(standingRefusal(required, action)).toMatchObject({
        status: 409,
        code: 'spend_limit_required',
        message: expect.stringMatching(/set a spend limit before you buy/),
      });
    }
    expect(standingRefusal(required, 'withdraw')).toBeNull();
  });

  it('answers the first refusal: migration, then location, then break, then the spend limit', () => {
    const all: CustomerStanding = {
      migrationDue: true,
      location: { purchase: 'country_banned', locatedCountry: 'US' },
      onBreak,
      spendLimitRequired: true,
    };
    expect(standingRefusal(all, 'purchase')?.code).toBe('migration_required');
    expect(standingRefusal({ ...all, migrationDue: false }, 'purchase')?.code).toBe('country_banned');
    expect(standingRefusal({ ...all, migrationDue: false, location: undefined }, 'purchase')?.code).toBe(
      'take_a_break',
    );
  });

  it('skips a recurring purchase for what the standing refuses, not for a limit passed', () => {
    expect(skipsRecurring('take_a_break')).toBe(true);
    expect(skipsRecurring('migration_required')).toBe(true);
    expect(skipsRecurring('spend_limit_required')).toBe(true);
    expect(skipsRecurring('spend_limit')).toBe(false);
  });
});
