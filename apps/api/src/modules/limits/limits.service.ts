/**
 * The customer's limits as the account area shows and changes them: spend limits per period, the
 * precommitment limit and the weekly deposit limit. A tighter limit applies at once; a looser one or
 * a removal waits seven days (the rule is the domain's `changeLimit`).
 */
import {
  type AmountInput,
  type BreakBody,
  type BreakStatus,
  type DepositLimit,
  type LimitsOverview,
  type PendingLimit,
  type Precommitment,
  SELF_EXCLUSION_PERIODS,
  SPEND_LIMIT_PERIODS,
  type SpendLimitPeriod,
  type SpendLimits,
  TAKE_A_BREAK_PERIODS,
} from '@drawhouse/contract';
import type { Database, LimitKind } from '@drawhouse/db';
import {
  type ActiveBreak,
  breakEndsAt,
  breakEndText,
  breakInForce,
  calendarPeriod,
  centsToMoney,
  changeLimit,
  checkAmountInput,
  DEPOSIT_LIMIT_WINDOW_MS,
  formatCalendarDate,
  isBreakPeriod,
  limitInForce,
  limitWaiting,
  remainingUnder,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { emit } from '../outbox/index.ts';
import { limitsGuard } from './limits.guard.ts';
import { type LimitRow, limitsRepository } from './limits.repository.ts';
import { LIMIT_SETTINGS, type LimitSettings } from './limits.settings.ts';

const LIMIT_NAMES: Record<LimitKind, string> = {
  spend_daily: 'daily spend limit',
  spend_weekly: 'weekly spend limit',
  spend_monthly: 'monthly spend limit',
  precommitment: 'precommitment limit',
  deposit_weekly: 'weekly deposit limit',
  break: 'break',
};

const spendKind = (period: SpendLimitPeriod): LimitKind => `spend_${period}`;

function pendingView(row: LimitRow | undefined, now: Date): PendingLimit | null {
  const waiting = limitWaiting(row, now);
  if (!waiting) return null;
  return {
    limit: waiting.amountCents === null ? null : centsToMoney(waiting.amountCents),
    takesEffectAt: waiting.from.toISOString(),
  };
}

const noLimit = (kind: LimitKind) =>
  new AppError(404, 'limit_not_found', `You have no ${LIMIT_NAMES[kind]} to change.`);

function breakView(found: ActiveBreak | null): BreakStatus {
  return {
    current: found && {
      kind: found.kind,
      period: found.period,
      startedAt: found.startedAt.toISOString(),
      endsAt: found.endsAt?.toISOString() ?? null,
    },
    breakPeriods: [...TAKE_A_BREAK_PERIODS],
    selfExclusionPeriods: [...SELF_EXCLUSION_PERIODS],
  };
}

export function createLimitsService(db: Database, now: () => Date, settings: LimitSettings = LIMIT_SETTINGS) {
  const repo = limitsRepository(db);

  /** The limit amount a customer asked for, or a 400 on `limit` with the amount messages. */
  function requestedCents(input: AmountInput): number {
    const check = checkAmountInput(input, { maxCents: settings.maxCustomerLimitCents });
    if (!check.ok) throw validationError(fieldErrors([['limit', check.message, check.code]]));
    return check.cents;
  }

  /** Applies a change (a limit, or null for removal) to one limit under a row lock. */
  async function change(
    customerId: string,
    kind: LimitKind,
    requested: number | null,
    mustExist: boolean,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const limits = limitsRepository(tx);
      const row = await limits.lockLimit(customerId, kind);
      const at = now();
      if (mustExist && limitInForce(row, at) === null) throw noLimit(kind);
      await limits.saveLimit(row.id, changeLimit(row, requested, at), at);
    });
  }

  async function remove(customerId: string, kind: LimitKind): Promise<void> {
    await db.transaction(async (tx) => {
      const limits = limitsRepository(tx);
      const row = await limits.lockLimit(customerId, kind);
      const at = now();
      if (limitInForce(row, at) === null) throw noLimit(kind);
      const waiting = limitWaiting(row, at);
      if (waiting && waiting.amountCents === null) {
        throw new AppError(
          422,
          'limit_removal_pending',
          `Your ${LIMIT_NAMES[kind]} already ends on ${formatCalendarDate(waiting.from)}.`,
        );
      }
      await limits.saveLimit(row.id, changeLimit(row, null, at), at);
    });
  }

  return {
    async spendLimits(customerId: string): Promise<SpendLimits> {
      const at = now();
      const periods = SPEND_LIMIT_PERIODS.map((period) => ({ period, ...calendarPeriod(period, at) }));
      const rows = await repo.limits(customerId);
      const spent = await repo.spentSince(
        customerId,
        periods.map((p) => p.start),
      );
      const inPeriod = (i: number, limit: number) => {
        const p = periods[i] as (typeof periods)[number];
        const used = spent[i] ?? 0;
        return {
          period: p.period,
          limit: centsToMoney(limit),
          amountSpent: centsToMoney(used),
          remaining: centsToMoney(remainingUnder(limit, used)),
          periodStart: p.start.toISOString(),
          resetsAt: p.end.toISOString(),
        };
      };
      const customerLimits: SpendLimits['customerLimits'] = [];
      const availablePeriods: SpendLimitPeriod[] = [];
      periods.forEach(({ period }, i) => {
        const row = rows.find((r) => r.kind === spendKind(period));
        const limit = limitInForce(row, at);
        if (row && limit !== null) {
          customerLimits.push({ id: row.id, ...inPeriod(i, limit), pending: pendingView(row, at) });
        } else {
          availablePeriods.push(period);
        }
      });
      const systemLimits = periods.map(({ period }, i) => inPeriod(i, settings.systemSpendCents[period]));
      return { availablePeriods, customerLimits, systemLimits };
    },

    /** `PUT` adds a limit for a period (or changes the one there); `POST` changes an existing one. */
    async setSpendLimit(
      customerId: string,
      period: SpendLimitPeriod,
      input: AmountInput,
      mode: 'add' | 'edit',
    ): Promise<SpendLimits> {
      await change(customerId, spendKind(period), requestedCents(input), mode === 'edit');
      return this.spendLimits(customerId);
    },

    /** Removes a spend limit by id, seven days from now. */
    async removeSpendLimit(customerId: string, id: string): Promise<SpendLimits> {
      const row = (await repo.limits(customerId)).find((r) => r.id === id);
      if (!row?.kind.startsWith('spend_')) {
        throw new AppError(404, 'limit_not_found', 'That spend limit was not found.');
      }
      await remove(customerId, row.kind);
      return this.spendLimits(customerId);
    },

    async precommitment(customerId: string): Promise<Precommitment> {
      const at = now();
      const month = calendarPeriod('monthly', at);
      const row = (await repo.limits(customerId)).find((r) => r.kind === 'precommitment');
      const [spent = 0] = await repo.spentSince(customerId, [month.start]);
      const limit = limitInForce(row, at);
      return {
        limit: limit === null ? null : centsToMoney(limit),
        amountSpent: centsToMoney(spent),
        remaining: limit === null ? null : centsToMoney(remainingUnder(limit, spent)),
        periodStart: month.start.toISOString(),
        resetsAt: month.end.toISOString(),
        pending: pendingView(row, at),
      };
    },

    async setPrecommitment(customerId: string, input: AmountInput): Promise<Precommitment> {
      await change(customerId, 'precommitment', requestedCents(input), false);
      return this.precommitment(customerId);
    },

    async removePrecommitment(customerId: string): Promise<Precommitment> {
      await remove(customerId, 'precommitment');
      return this.precommitment(customerId);
    },

    /**
     * The customer overview's part: the precommitment, the spend limits set with what was spent, and
     * whether a spend limit must be set before buying (ADR 085).
     */
    async overview(customerId: string): Promise<LimitsOverview> {
      const [preCommitment, spend, standing] = [
        await this.precommitment(customerId),
        await this.spendLimits(customerId),
        await limitsGuard(db).standing(customerId, now()),
      ];
      return {
        preCommitment,
        spendLimits: spend.customerLimits,
        spendLimitRequired: standing?.spendLimitRequired ?? false,
      };
    },

    /** Why marketing cannot be switched on: a self-exclusion in force (ADR 077), else null. */
    async marketingOffReason(customerId: string): Promise<string | null> {
      const found = breakInForce(await repo.limits(customerId), now());
      if (found?.kind !== 'self_exclusion') return null;
      return 'You have excluded yourself from Drawhouse, so marketing stays off until your self-exclusion ends.';
    },

    /** The break in force, if any (ADR 077). */
    async breakStatus(customerId: string): Promise<BreakStatus> {
      return breakView(breakInForce(await repo.limits(customerId), now()));
    },

    /**
     * Starts a take a break or self-exclusion from now: refused (422 break_active) while one is in
     * force, since nothing shortens or replaces one. The customer is told by mail; a self-exclusion
     * also ends marketing (the accounts module's `break-started` follow-up).
     */
    async takeBreak(customerId: string, body: BreakBody): Promise<BreakStatus> {
      const { kind, period } = body;
      if (!isBreakPeriod(kind, period)) {
        const offered =
          kind === 'take_a_break' ? '24 hours to 6 months' : '6 months to 5 years, or permanently';
        const message = `Please choose a period the ${kind === 'take_a_break' ? 'break' : 'self-exclusion'} offers: ${offered}.`;
        throw validationError(fieldErrors([['period', message, 'invalid_period']]));
      }
      return db.transaction(async (tx) => {
        const limits = limitsRepository(tx);
        const row = await limits.lockLimit(customerId, 'break');
        const at = now();
        const current = breakInForce([row], at);
        if (current) {
          throw new AppError(
            422,
            'break_active',
            current.endsAt
              ? `Your ${current.kind === 'take_a_break' ? 'break' : 'self-exclusion'} already runs until ${breakEndText(current.endsAt)} (Sydney time).`
              : 'You have excluded yourself permanently.',
          );
        }
        const endsAt = breakEndsAt(period, at);
        await limits.saveBreak(
          row.id,
          { breakKind: kind, breakPeriod: period, breakStartsAt: at, breakEndsAt: endsAt },
          at,
        );
        await emit(tx, 'customer.break_started', customerId, {
          customerId,
          kind,
          endsAt: endsAt?.toISOString() ?? null,
        });
        return breakView({ kind, period, startedAt: at, endsAt });
      });
    },

    async depositLimit(customerId: string): Promise<DepositLimit> {
      const at = now();
      const row = (await repo.limits(customerId)).find((r) => r.kind === 'deposit_weekly');
      const [ever = 0, lastWeek = 0] = await repo.depositedSince(customerId, [
        new Date(0),
        new Date(at.getTime() - DEPOSIT_LIMIT_WINDOW_MS),
      ]);
      const verified = (await repo.verifiedAt(customerId)) !== null;
      const limit = limitInForce(row, at);
      const cap = settings.unverifiedDepositCapCents;
      return {
        limit: limit === null ? null : centsToMoney(limit),
        amountDeposited: centsToMoney(lastWeek),
        remaining: limit === null ? null : centsToMoney(remainingUnder(limit, lastWeek)),
        pending: pendingView(row, at),
        unverifiedCap: verified
          ? null
          : {
              limit: centsToMoney(cap),
              amountDeposited: centsToMoney(ever),
              remaining: centsToMoney(remainingUnder(cap, ever)),
            },
      };
    },

    async setDepositLimit(customerId: string, input: AmountInput): Promise<DepositLimit> {
      await change(customerId, 'deposit_weekly', requestedCents(input), false);
      return this.depositLimit(customerId);
    },

    async removeDepositLimit(customerId: string): Promise<DepositLimit> {
      await remove(customerId, 'deposit_weekly');
      return this.depositLimit(customerId);
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
