/**
 * The customer's limits as the account area shows and changes them: spend limits per period, the
 * precommitment limit and the weekly deposit limit. A tighter limit applies at once; a looser one or
 * a removal waits seven days (the rule is the domain's `changeLimit`).
 */
import {
  type AmountInput,
  type DepositLimit,
  type PendingLimit,
  type Precommitment,
  SPEND_LIMIT_PERIODS,
  type SpendLimitPeriod,
  type SpendLimits,
} from '@drawhouse/contract';
import type { Database, LimitKind } from '@drawhouse/db';
import {
  calendarPeriod,
  centsToMoney,
  changeLimit,
  checkAmountInput,
  DEPOSIT_LIMIT_WINDOW_MS,
  formatCalendarDate,
  limitInForce,
  limitWaiting,
  remainingUnder,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type LimitRow, limitsRepository } from './limits.repository.ts';
import { LIMIT_SETTINGS, type LimitSettings } from './limits.settings.ts';

const LIMIT_NAMES: Record<LimitKind, string> = {
  spend_daily: 'daily spend limit',
  spend_weekly: 'weekly spend limit',
  spend_monthly: 'monthly spend limit',
  precommitment: 'precommitment limit',
  deposit_weekly: 'weekly deposit limit',
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
