/**
 * The checks every spending or depositing use case makes inside its own transaction, after
 * `ledgerQueries(tx).lockCustomer(customerId)`: that lock is what keeps two concurrent spends of one
 * customer from passing a limit together, since what was spent is summed from the ledger under it.
 */
import { SPEND_LIMIT_PERIODS } from '@drawhouse/contract';
import type { DbOrTx, LimitKind } from '@drawhouse/db';
import {
  type BREAK_REFUSAL_CODES,
  breakRefusal,
  type CustomerStanding,
  calendarPeriod,
  DEPOSIT_LIMIT_WINDOW_MS,
  firstLimitPassed,
  type GuardedAction,
  hasCapabilities,
  type LimitCheck,
  limitInForce,
  limitRefusalMessage,
  locationStatus,
  migrationBlocksMoney,
  spendLimitRequired,
  spendLimitStatesOf,
  standingRefusal,
  VERIFICATION_REQUIRED_CODE,
  verificationDeadline,
  verificationOverdue,
  verificationRequiredMessage,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type LimitRow, limitsRepository, type StandingRow } from './limits.repository.ts';
import { LIMIT_SETTINGS, type LimitSettings } from './limits.settings.ts';

/**
 * A limit an amount would pass, or what the customer's standing refuses (ADR 085): its code and
 * message, and its status when it is not 422.
 */
export type LimitRefusal = {
  code:
    | LimitCheck['code']
    | typeof VERIFICATION_REQUIRED_CODE
    | (typeof BREAK_REFUSAL_CODES)[keyof typeof BREAK_REFUSAL_CODES]
    | 'migration_required'
    | 'spend_limit_required'
    | 'country_banned'
    | 'location_confirmation_required';
  message: string;
  status?: 403 | 409 | 422;
};

function refusal(check: LimitCheck | undefined, amountCents: number): LimitRefusal | null {
  return check ? { code: check.code, message: limitRefusalMessage(check, amountCents) } : null;
}

function refuse(found: LimitRefusal | null): void {
  if (found) throw new AppError(found.status ?? 422, found.code, found.message);
}

function inForce(rows: LimitRow[], kind: LimitKind, now: Date): number | null {
  return limitInForce(
    rows.find((r) => r.kind === kind),
    now,
  );
}

/** The first instant of each spend period holding `now`, in `SPEND_LIMIT_PERIODS` order. */
export function spendPeriodStarts(now: Date): Date[] {
  return SPEND_LIMIT_PERIODS.map((period) => calendarPeriod(period, now).start);
}

/** Whether any of the customer's own spend limits is in force (a removed one is not). */
export function hasSpendLimit(own: readonly LimitRow[], now: Date): boolean {
  return SPEND_LIMIT_PERIODS.some((period) => inForce([...own], `spend_${period}`, now) !== null);
}

/**
 * What one read of the customer says for the guard. `locatedCountry`: where the request comes from
 * (null: not located, or at home), undefined where there is no request (jobs): no location check.
 */
export function standingOfRow(
  row: StandingRow,
  now: Date,
  locatedCountry?: string | null,
): CustomerStanding & { spendLimitStates: string[] } {
  const spendLimitStates = spendLimitStatesOf(row.spendLimitStates);
  const location =
    locatedCountry === undefined
      ? undefined
      : {
          locatedCountry,
          purchase: locationStatus({
            locatedCountry,
            bannedCountries: row.locatedBanned && locatedCountry ? [locatedCountry] : [],
            customerCountry: row.country,
            confirmedCountry: row.confirmedCountry,
          }).purchase,
        };
  return {
    migrationDue: migrationBlocksMoney(row, now) && hasCapabilities(row.capabilities, MIGRATION_CAPABILITY),
    location,
    onBreak: breakRefusalOf(row.limits, now),
    spendLimitRequired: spendLimitRequired({
      state: row.state,
      requiredStates: spendLimitStates,
      hasSpendLimit: hasSpendLimit(row.limits, now),
    }),
    spendLimitStates,
  };
}

/** The refusal of `action` by the customer's standing, as a limit refusal. */
function standingLimitRefusal(standing: CustomerStanding, action: GuardedAction): LimitRefusal | null {
  const found = standingRefusal(standing, action);
  return found ? { ...found, code: found.code as LimitRefusal['code'] } : null;
}

const MIGRATION_CAPABILITY = 'customer_migration';

/**
 * The refusal of any spend or deposit while the customer takes a break (code take_a_break) or has
 * excluded themselves (self_excluded): the first check of every spend and deposit (ADR 077).
 */
export function breakRefusalOf(own: readonly LimitRow[], now: Date): CustomerStanding['onBreak'] {
  return breakRefusal(
    own.filter((r) => r.kind === 'break'),
    now,
  );
}

/**
 * The first limit a spend of `amountCents` would pass (code take_a_break or self_excluded during a
 * break, else spend_limit, precommitment_limit or global_spend_limit), given the customer's stored limits (`own`) and what they spent in each period
 * (`spent`, in `SPEND_LIMIT_PERIODS` order): their own spend limits first, then the precommitment,
 * then the system's. Null when it passes none.
 */
export function spendRefusalOf(
  own: readonly LimitRow[],
  spent: readonly number[],
  amountCents: number,
  now: Date,
  settings: LimitSettings = LIMIT_SETTINGS,
): LimitRefusal | null {
  const onBreak = breakRefusalOf(own, now);
  if (onBreak) return onBreak;
  if (amountCents <= 0) return null;
  const checks: LimitCheck[] = [];
  SPEND_LIMIT_PERIODS.forEach((period, i) => {
    const limit = inForce([...own], `spend_${period}`, now);
    if (limit !== null) checks.push({ code: 'spend_limit', period, limit, used: spent[i] ?? 0 });
  });
  const precommitment = inForce([...own], 'precommitment', now);
  const monthly = spent[SPEND_LIMIT_PERIODS.indexOf('monthly')] ?? 0;
  if (precommitment !== null)
    checks.push({ code: 'precommitment_limit', limit: precommitment, used: monthly });
  SPEND_LIMIT_PERIODS.forEach((period, i) => {
    checks.push({
      code: 'global_spend_limit',
      period,
      limit: settings.systemSpendCents[period],
      used: spent[i] ?? 0,
    });
  });
  return refusal(firstLimitPassed(checks, amountCents), amountCents);
}

/** What a deposit's limits are checked against: verification, stored limits, deposits ever and in 7 days. */
export type DepositHistory = {
  verifiedAt: Date | null;
  /** When the first deposit succeeded: the verification deadline counts from it (unknown: no deadline). */
  firstDepositAt?: Date | null;
  limits: readonly LimitRow[];
  ever: number;
  lastWeek: number;
};

/**
 * The first limit a deposit of `amountCents` would pass (take_a_break or self_excluded during a
 * break; verification_required: an unverified
 * account past its verification deadline; verify_account_required: the cap on an unverified
 * account's deposits; deposit_limit: the weekly deposit limit, any 7 days).
 */
export function depositRefusalOf(
  history: DepositHistory,
  amountCents: number,
  now: Date,
  settings: LimitSettings = LIMIT_SETTINGS,
): LimitRefusal | null {
  const onBreak = breakRefusalOf(history.limits, now);
  if (onBreak) return onBreak;
  if (amountCents <= 0) return null;
  const facts = {
    verified: history.verifiedAt !== null,
    firstDepositAt: history.firstDepositAt ?? null,
    deadlineDays: settings.verificationDeadlineDays,
  };
  const deadline = verificationDeadline(facts);
  if (deadline && verificationOverdue(facts, now)) {
    return { code: VERIFICATION_REQUIRED_CODE, message: verificationRequiredMessage(deadline) };
  }
  const checks: LimitCheck[] = [];
  if (history.verifiedAt === null) {
    checks.push({
      code: 'verify_account_required',
      limit: settings.unverifiedDepositCapCents,
      used: history.ever,
    });
  }
  const weekly = inForce([...history.limits], 'deposit_weekly', now);
  if (weekly !== null) checks.push({ code: 'deposit_limit', limit: weekly, used: history.lastWeek });
  return refusal(firstLimitPassed(checks, amountCents), amountCents);
}

export function limitsGuard(tx: DbOrTx, settings: LimitSettings = LIMIT_SETTINGS) {
  const repo = limitsRepository(tx);
  const self = {
    /**
     * The first limit a spend of `amountCents` would pass (`spendRefusalOf`), read under the lock the
     * caller holds. Null when it passes none.
     */
    async spendRefusal(
      customerId: string,
      amountCents: number,
      now: Date,
      action?: GuardedAction,
    ): Promise<LimitRefusal | null> {
      return (await self.spendChecker([customerId], now, action)).refusal(customerId, amountCents);
    },

    /**
     * `spendRefusal` for many spends of several customers in one transaction (the recurring purchase
     * processor's batches), read once: `refusal` answers what the customer's standing refuses for
     * `action` (when given), else the first limit a spend would pass given what was spent before and
     * what `spend` has added since.
     */
    async spendChecker(customerIds: readonly string[], now: Date, action?: GuardedAction) {
      const [rows, spentOf] = [
        await repo.standingOf(customerIds, null),
        await repo.spentSinceByCustomer(customerIds, spendPeriodStarts(now)),
      ];
      const byCustomer = new Map(rows.map((r) => [r.customerId, r]));
      const added = new Map<string, number>();
      return {
        refusal(customerId: string, amountCents: number): LimitRefusal | null {
          const row = byCustomer.get(customerId);
          if (action && row) {
            const refused = standingLimitRefusal(standingOfRow(row, now), action);
            if (refused) return refused;
          }
          const extra = added.get(customerId) ?? 0;
          const spent = spentOf(customerId).map((cents) => cents + extra);
          return spendRefusalOf(row?.limits ?? [], spent, amountCents, now, settings);
        },
        /** Counts a spend made in this transaction towards the customer's later checks. */
        spend(customerId: string, amountCents: number): void {
          added.set(customerId, (added.get(customerId) ?? 0) + amountCents);
        },
      };
    },

    /** The customer's standing as the guard reads it (no request: no location). */
    async standing(customerId: string, now: Date) {
      const [row] = await repo.standingOf([customerId], null);
      return row ? standingOfRow(row, now) : null;
    },

    /**
     * The one check of "may this customer do this?" (ADR 085), first in the use case's transaction:
     * refuses (AppError with the refusal's status, code and message) an action the customer's
     * standing does not allow: an older account past its deadline, where the request comes from
     * (`locatedCountry`, the route's value), a break, a spend limit their state asks for.
     */
    async assertMay(
      customerId: string,
      action: GuardedAction,
      now: Date,
      locatedCountry?: string | null,
    ): Promise<void> {
      const [row] = await repo.standingOf([customerId], locatedCountry ?? null);
      if (row) refuse(standingLimitRefusal(standingOfRow(row, now, locatedCountry), action));
    },

    /** The first limit a deposit of `amountCents` would pass (`depositRefusalOf`). */
    async depositRefusal(customerId: string, amountCents: number, now: Date): Promise<LimitRefusal | null> {
      if (amountCents <= 0) return null;
      const weekAgo = new Date(now.getTime() - DEPOSIT_LIMIT_WINDOW_MS);
      const [verifiedAt, firstDepositAt, rows, [ever = 0, lastWeek = 0]] = [
        await repo.verifiedAt(customerId),
        await repo.firstDepositAt(customerId),
        await repo.limits(customerId),
        await repo.depositedSince(customerId, [new Date(0), weekAgo]),
      ];
      const history = { verifiedAt, firstDepositAt, limits: rows, ever, lastWeek };
      return depositRefusalOf(history, amountCents, now, settings);
    },

    /** Refuses (AppError 422 with the refusal's code and message) a spend that would pass a limit. */
    async assertCanSpend(customerId: string, amountCents: number, now: Date): Promise<void> {
      refuse(await self.spendRefusal(customerId, amountCents, now));
    },

    /** A visitor not signed in: only where they are can refuse their cart add (a banned country). */
    async assertVisitorMay(locatedCountry: string | null): Promise<void> {
      if (locatedCountry === null) return;
      const standing: CustomerStanding = {
        migrationDue: false,
        onBreak: null,
        spendLimitRequired: false,
        location: {
          locatedCountry,
          purchase: locationStatus({
            locatedCountry,
            bannedCountries: (await repo.isBanned(locatedCountry)) ? [locatedCountry] : [],
            customerCountry: null,
            confirmedCountry: null,
          }).purchase,
        },
      };
      refuse(standingLimitRefusal(standing, 'cart_add'));
    },

    /** Refuses (AppError 422 with the refusal's code and message) a deposit that would pass a limit. */
    async assertCanDeposit(customerId: string, amountCents: number, now: Date): Promise<void> {
      refuse(await self.depositRefusal(customerId, amountCents, now));
    },
  };
  return self;
}

export type LimitsGuard = ReturnType<typeof limitsGuard>;
