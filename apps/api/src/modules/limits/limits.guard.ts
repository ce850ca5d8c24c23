/**
 * The checks every spending or depositing use case makes inside its own transaction, after
 * `ledgerQueries(tx).lockCustomer(customerId)`: that lock is what keeps two concurrent spends of one
 * customer from passing a limit together, since what was spent is summed from the ledger under it.
 */
import { SPEND_LIMIT_PERIODS } from '@drawhouse/contract';
import type { DbOrTx, LimitKind } from '@drawhouse/db';
import {
  calendarPeriod,
  DEPOSIT_LIMIT_WINDOW_MS,
  firstLimitPassed,
  type LimitCheck,
  limitInForce,
  limitRefusalMessage,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type LimitRow, limitsRepository } from './limits.repository.ts';
import { LIMIT_SETTINGS, type LimitSettings } from './limits.settings.ts';

function refuse(check: LimitCheck, amountCents: number): never {
  throw new AppError(422, check.code, limitRefusalMessage(check, amountCents));
}

function inForce(rows: LimitRow[], kind: LimitKind, now: Date): number | null {
  return limitInForce(
    rows.find((r) => r.kind === kind),
    now,
  );
}

export function limitsGuard(tx: DbOrTx, settings: LimitSettings = LIMIT_SETTINGS) {
  const repo = limitsRepository(tx);
  return {
    /**
     * Refuses (AppError 422 with code spend_limit, precommitment_limit or global_spend_limit and a
     * message naming the exceeded amount) a spend of `amountCents` that would pass a limit: the
     * customer's own spend limits first, then the precommitment, then the system's.
     */
    async assertCanSpend(customerId: string, amountCents: number, now: Date): Promise<void> {
      if (amountCents <= 0) return;
      const periods = SPEND_LIMIT_PERIODS.map((period) => ({ period, ...calendarPeriod(period, now) }));
      const rows = await repo.limits(customerId);
      const spent = await repo.spentSince(
        customerId,
        periods.map((p) => p.start),
      );
      const checks: LimitCheck[] = [];
      periods.forEach(({ period }, i) => {
        const limit = inForce(rows, `spend_${period}`, now);
        if (limit !== null) checks.push({ code: 'spend_limit', period, limit, used: spent[i] ?? 0 });
      });
      const precommitment = inForce(rows, 'precommitment', now);
      const monthly = spent[SPEND_LIMIT_PERIODS.indexOf('monthly')] ?? 0;
      if (precommitment !== null)
        checks.push({ code: 'precommitment_limit', limit: precommitment, used: monthly });
      periods.forEach(({ period }, i) => {
        checks.push({
          code: 'global_spend_limit',
          period,
          limit: settings.systemSpendCents[period],
          used: spent[i] ?? 0,
        });
      });
      const passed = firstLimitPassed(checks, amountCents);
      if (passed) refuse(passed, amountCents);
    },

    /**
     * Refuses (AppError 422 with code verify_account_required or deposit_limit) a deposit that would
     * pass the cap on an unverified account's deposits or the weekly deposit limit (any 7 days).
     */
    async assertCanDeposit(customerId: string, amountCents: number, now: Date): Promise<void> {
      if (amountCents <= 0) return;
      const weekAgo = new Date(now.getTime() - DEPOSIT_LIMIT_WINDOW_MS);
      const [verifiedAt, rows, [ever = 0, lastWeek = 0]] = [
        await repo.verifiedAt(customerId),
        await repo.limits(customerId),
        await repo.depositedSince(customerId, [new Date(0), weekAgo]),
      ];
      const checks: LimitCheck[] = [];
      if (verifiedAt === null) {
        checks.push({
          code: 'verify_account_required',
          limit: settings.unverifiedDepositCapCents,
          used: ever,
        });
      }
      const weekly = inForce(rows, 'deposit_weekly', now);
      if (weekly !== null) checks.push({ code: 'deposit_limit', limit: weekly, used: lastWeek });
      const passed = firstLimitPassed(checks, amountCents);
      if (passed) refuse(passed, amountCents);
    },
  };
}

export type LimitsGuard = ReturnType<typeof limitsGuard>;
