/**
 * "May this customer spend?": the one answer every use case that adds to a cart, buys, deposits,
 * withdraws or buys a recurring purchase gets inside its own transaction (ADR 085). The facts come
 * from one read of the customer; this decides which of them refuse which action, in a fixed order:
 * an older account past its deadline, where the visitor is, a break, a spend limit the customer's
 * state requires and they have not set.
 */
import { isAustralianState } from './australian-states.ts';
import { type PurchaseLocation, purchaseLocationMessage } from './visitor-location.ts';

/** What a customer is about to do. */
export type GuardedAction = 'cart_add' | 'purchase' | 'deposit' | 'withdraw' | 'recurring';

export const MIGRATION_REQUIRED_CODE = 'migration_required';
export const MIGRATION_REQUIRED_MESSAGE =
  'Move your older account to Drawhouse first: until then you cannot buy, deposit or withdraw.';

export const SPEND_LIMIT_REQUIRED_CODE = 'spend_limit_required';
export const SPEND_LIMIT_REQUIRED_MESSAGE =
  'Please set a spend limit before you buy. The rules of your state ask every customer to choose one before buying.';

/** The site_config key listing the states whose rules ask for a spend limit before buying. */
export const SPEND_LIMIT_STATES_KEY = 'spend_limit_required_states';

/**
 * A spend limit must be set before buying when the customer's state is one the site lists (South
 * Australia's code asks for pre-commitment) and no spend limit of theirs is in force, in any period.
 */
export function spendLimitRequired(input: {
  state: string | null;
  requiredStates: readonly string[];
  hasSpendLimit: boolean;
}): boolean {
  if (input.hasSpendLimit || input.state === null) return false;
  const state = input.state.trim().toUpperCase();
  return input.requiredStates.includes(state);
}

/** The states a site_config value names (anything else in it is ignored). */
export function spendLimitStatesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toUpperCase())
    .filter(isAustralianState);
}

/** What the customer's one read says. */
export type CustomerStanding = {
  /** An older account past its deadline is not moved in yet (where migrating is offered). */
  migrationDue: boolean;
  /** What where the visitor is says of a purchase; undefined when nothing was located (no request). */
  location?: { purchase: PurchaseLocation; locatedCountry: string | null };
  /** The break in force, as the limits guard words it. */
  onBreak: { code: 'take_a_break' | 'self_excluded'; message: string } | null;
  spendLimitRequired: boolean;
};

export type StandingRefusal = { status: 403 | 409 | 422; code: string; message: string };

const CHECKS: Record<'migration' | 'location' | 'break' | 'spendLimit', readonly GuardedAction[]> = {
  // Withdrawals too: the older account's money must be known before any leaves (ADR 080).
  migration: ['purchase', 'deposit', 'withdraw', 'recurring'],
  location: ['cart_add', 'purchase'],
  break: ['cart_add', 'purchase', 'deposit', 'recurring'],
  spendLimit: ['cart_add', 'purchase', 'deposit', 'recurring'],
};

/** The first refusal of `action` for a customer standing as read, or null. */
export function standingRefusal(standing: CustomerStanding, action: GuardedAction): StandingRefusal | null {
  if (CHECKS.migration.includes(action) && standing.migrationDue) {
    return { status: 409, code: MIGRATION_REQUIRED_CODE, message: MIGRATION_REQUIRED_MESSAGE };
  }
  const where = standing.location;
  if (CHECKS.location.includes(action) && where && where.purchase !== 'allowed' && where.locatedCountry) {
    return {
      status: 403,
      code: where.purchase,
      message: purchaseLocationMessage(where.purchase, where.locatedCountry),
    };
  }
  if (CHECKS.break.includes(action) && standing.onBreak) return { status: 422, ...standing.onBreak };
  if (CHECKS.spendLimit.includes(action) && standing.spendLimitRequired) {
    return { status: 409, code: SPEND_LIMIT_REQUIRED_CODE, message: SPEND_LIMIT_REQUIRED_MESSAGE };
  }
  return null;
}

/**
 * A recurring purchase refused by the customer's standing is skipped for the draw, not failed: it is
 * not retried and no failure notice goes to someone who cannot or asked not to buy now.
 */
export function skipsRecurring(code: string): boolean {
  return ['take_a_break', 'self_excluded', MIGRATION_REQUIRED_CODE, SPEND_LIMIT_REQUIRED_CODE].includes(code);
}
