/**
 * Responsible-gambling limits (docs/api/limits.md): spend limits per period (the customer's own and
 * the system's), the precommitment limit and the weekly deposit limit. A lower limit applies at
 * once; a higher one, or a removal, waits seven days (`pending`).
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';
import { AmountInputSchema } from './wallet.ts';

export const SPEND_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const SpendLimitPeriodSchema = z.enum(SPEND_LIMIT_PERIODS);
export type SpendLimitPeriod = z.infer<typeof SpendLimitPeriodSchema>;

/** A raise or removal waiting to take effect: `limit` null is a removal. */
export const PendingLimitSchema = z.object({
  limit: MoneySchema.nullable(),
  takesEffectAt: IsoDateSchema,
});
export type PendingLimit = z.infer<typeof PendingLimitSchema>;

/** Spend in the current period against a limit. */
const SpendInPeriod = {
  period: SpendLimitPeriodSchema,
  limit: MoneySchema,
  amountSpent: MoneySchema,
  /** limit - spent, never below zero. */
  remaining: MoneySchema,
  /** When the period began and when the next begins (calendar periods, Sydney time). */
  periodStart: IsoDateSchema,
  resetsAt: IsoDateSchema,
};

/** A spend limit the customer set (its `id` is what `DELETE /v2/spend-limits/{id}` takes). */
export const CustomerSpendLimitSchema = z.object({
  id: z.string(),
  ...SpendInPeriod,
  pending: PendingLimitSchema.nullable(),
});
export type CustomerSpendLimit = z.infer<typeof CustomerSpendLimitSchema>;

/** A limit every customer has, set by Drawhouse (code global_spend_limit when passed). */
export const SystemSpendLimitSchema = z.object(SpendInPeriod);
export type SystemSpendLimit = z.infer<typeof SystemSpendLimitSchema>;

/** `GET /v2/spend-limits`. `availablePeriods` are the periods the customer has no limit for yet. */
export const SpendLimitsSchema = z.object({
  availablePeriods: z.array(SpendLimitPeriodSchema),
  customerLimits: z.array(CustomerSpendLimitSchema),
  systemLimits: z.array(SystemSpendLimitSchema),
});
export type SpendLimits = z.infer<typeof SpendLimitsSchema>;

/** Body of `PUT`/`POST /v2/spend-limits/{period}`, `POST /v2/precommitment`, `PUT /v2/deposit-limit`. */
export const LimitBodySchema = z.object({ limit: AmountInputSchema });
export type LimitBody = z.infer<typeof LimitBodySchema>;

/**
 * `GET`/`POST`/`DELETE /v2/precommitment`: the most the customer commits to spend in a calendar
 * month (Sydney time). `limit` null: none set.
 */
export const PrecommitmentSchema = z.object({
  limit: MoneySchema.nullable(),
  amountSpent: MoneySchema,
  remaining: MoneySchema.nullable(),
  periodStart: IsoDateSchema,
  resetsAt: IsoDateSchema,
  pending: PendingLimitSchema.nullable(),
});
export type Precommitment = z.infer<typeof PrecommitmentSchema>;

/** The customer overview's limits: the precommitment and the spend limits set, with what was spent. */
export const LimitsOverviewSchema = z.object({
  preCommitment: PrecommitmentSchema,
  spendLimits: z.array(CustomerSpendLimitSchema),
  /**
   * The customer must set a spend limit before buying and has none: their state's rules ask for one
   * (site_config `spend_limit_required_states`). Adding to a cart, buying and depositing answer 409
   * `spend_limit_required` until a spend limit of any period is set.
   */
  spendLimitRequired: z.boolean(),
});
export type LimitsOverview = z.infer<typeof LimitsOverviewSchema>;

/**
 * `GET`/`PUT`/`DELETE /v2/deposit-limit`: the most the customer may deposit in any 7 days (a rolling
 * window). `amountDeposited` counts the last 7 days. Unverified accounts also have a cap on all
 * deposits together (`unverifiedCap`, null once verified).
 */
export const DepositLimitSchema = z.object({
  limit: MoneySchema.nullable(),
  amountDeposited: MoneySchema,
  remaining: MoneySchema.nullable(),
  pending: PendingLimitSchema.nullable(),
  unverifiedCap: z
    .object({ limit: MoneySchema, amountDeposited: MoneySchema, remaining: MoneySchema })
    .nullable(),
});
export type DepositLimit = z.infer<typeof DepositLimitSchema>;

/**
 * Take a break and self-exclusion (docs/api/limits.md): no buying or depositing until it ends; a
 * break lasts 24 hours to 6 months, a self-exclusion 6 months to 5 years or for good. Nothing
 * cancels or shortens one once started.
 */
export const BREAK_KINDS = ['take_a_break', 'self_exclusion'] as const;
export const TAKE_A_BREAK_PERIODS = ['24_hours', '7_days', '1_month', '3_months', '6_months'] as const;
export const SELF_EXCLUSION_PERIODS = ['6_months', '1_year', '2_years', '5_years', 'permanent'] as const;
export const BreakKindSchema = z.enum(BREAK_KINDS);
export type BreakKind = z.infer<typeof BreakKindSchema>;
export const BreakPeriodSchema = z.enum([
  ...TAKE_A_BREAK_PERIODS,
  '1_year',
  '2_years',
  '5_years',
  'permanent',
]);
export type BreakPeriod = z.infer<typeof BreakPeriodSchema>;

/** `POST /v2/break`: which kind, for how long (a period the kind offers). */
export const BreakBodySchema = z.object({ kind: BreakKindSchema, period: z.string().max(20) });
export type BreakBody = z.infer<typeof BreakBodySchema>;

/** A break in force: `endsAt` null for a permanent self-exclusion. */
export const CustomerBreakSchema = z.object({
  kind: BreakKindSchema,
  period: BreakPeriodSchema,
  startedAt: IsoDateSchema,
  endsAt: IsoDateSchema.nullable(),
});
export type CustomerBreak = z.infer<typeof CustomerBreakSchema>;

/** `GET /v2/break`: the break in force (null: none) and the periods each kind offers. */
export const BreakStatusSchema = z.object({
  current: CustomerBreakSchema.nullable(),
  breakPeriods: z.array(BreakPeriodSchema),
  selfExclusionPeriods: z.array(BreakPeriodSchema),
});
export type BreakStatus = z.infer<typeof BreakStatusSchema>;
