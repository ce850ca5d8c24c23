/**
 * Recurring purchases (docs/api/recurring.md): autoplays, subscriptions and combined recurring
 * purchases with their status and last attempt, scheduled purchases and pre-orders, payment
 * resolutions, the recurring purchase method, and the bodies that change them.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const RECURRING_PURCHASE_TYPES = ['autoplay', 'subscription', 'combined_recurring_purchase'] as const;
export const RecurringPurchaseTypeSchema = z.enum(RECURRING_PURCHASE_TYPES);
export type RecurringPurchaseType = z.infer<typeof RecurringPurchaseTypeSchema>;

/** `timed_paused`: paused until `pausedUntil`, then active again by itself. */
export const RECURRING_PURCHASE_STATUSES = ['active', 'paused', 'timed_paused', 'cancelled'] as const;
export const RecurringPurchaseStatusSchema = z.enum(RECURRING_PURCHASE_STATUSES);
export type RecurringPurchaseStatus = z.infer<typeof RecurringPurchaseStatusSchema>;

/** `soft_failure`: tried again later; `hard_failure`: stopped until the customer acts. */
export const RecurringAttemptStatusSchema = z.enum(['purchased', 'soft_failure', 'hard_failure']);
export type RecurringAttemptStatus = z.infer<typeof RecurringAttemptStatusSchema>;

export const RecurringProductTypeSchema = z.enum([
  'lottery_ticket',
  'raffle_ticket',
  'syndicate_share',
  'membership',
]);
export type RecurringProductType = z.infer<typeof RecurringProductTypeSchema>;

export const SubscriptionBillingPeriodSchema = z.enum(['monthly', 'quarterly', 'biannually', 'annually']);
export type SubscriptionBillingPeriod = z.infer<typeof SubscriptionBillingPeriodSchema>;

/** How a recurring purchase is paid: `unfunded` when the chosen method cannot pay now. */
export const DefaultFundKindSchema = z.enum(['unfunded', 'wallet', 'cc', 'paypal', 'bank']);
export type DefaultFundKind = z.infer<typeof DefaultFundKindSchema>;

export const DefaultFundSchema = z.object({
  kind: DefaultFundKindSchema,
  /** `wallet` or the saved fund's id; null when no method is chosen. */
  key: z.string().nullable(),
  /** What the customer reads: "Wallet", "Visa ending 4242", "No payment method". */
  label: z.string(),
});
export type DefaultFund = z.infer<typeof DefaultFundSchema>;

/**
 * A recurring purchase: an autoplay, a subscription or a combined recurring purchase (API 3.3).
 * `autoplayId` is its id whatever its type; `lotteryId` is the offer key it buys.
 */
export const RecurringPurchaseDetailsSchema = z.object({
  autoplayId: z.string(),
  lotteryId: z.string(),
  productOfferKey: z.string(),
  productType: RecurringProductTypeSchema,
  type: RecurringPurchaseTypeSchema,
  status: RecurringPurchaseStatusSchema,
  pausedUntil: IsoDateSchema.nullable(),
  description: z.string(),
  /** What each purchase costs: the unit price times the quantity. */
  price: MoneySchema,
  numberOfGames: z.number().int().nullable(),
  gameOfferName: z.string().nullable(),
  numberOfTickets: z.number().int().nullable(),
  numberOfShares: z.number().int().nullable(),
  /** Buy only when the draw's jackpot reaches this amount; null: every draw. */
  minimumJackpotAmount: MoneySchema.nullable(),
  quickpick: z.boolean(),
  gameType: z.string().nullable(),
  raffleOfferKey: z.string().nullable(),
  causeKey: z.string().nullable(),
  membershipProgram: z.string().nullable(),
  membershipOffer: z.string().nullable(),
  membershipOfferName: z.string().nullable(),
  billingPeriod: SubscriptionBillingPeriodSchema.nullable(),
  /** Monthly, Every draw, "Jackpots $20 million and over" or Weekly. */
  frequencyLabel: z.string(),
  nextDrawDate: IsoDateSchema.nullable(),
  lastAttemptStatus: RecurringAttemptStatusSchema.nullable(),
  lastAttemptReason: z.string().nullable(),
  lastAttemptAt: IsoDateSchema.nullable(),
  /** The last attempt was refused until the account is verified. */
  verificationRequired: z.boolean(),
  defaultFund: DefaultFundSchema,
  /** Combined recurring purchases: the entries bought together share it. */
  groupId: z.string().nullable(),
  createdAt: IsoDateSchema,
});
export type RecurringPurchaseDetails = z.infer<typeof RecurringPurchaseDetailsSchema>;
export const RecurringPurchaseListSchema = z.array(RecurringPurchaseDetailsSchema);

/** An autoplay is a recurring purchase of type `autoplay`. */
export const AutoplaySchema = RecurringPurchaseDetailsSchema;
export type Autoplay = RecurringPurchaseDetails;
export const AutoplayListSchema = RecurringPurchaseListSchema;
export const SubscriptionSchema = RecurringPurchaseDetailsSchema;
export type Subscription = RecurringPurchaseDetails;
export const SubscriptionListSchema = RecurringPurchaseListSchema;

export const RECURRING_PAGE_SIZE = 10;
export const RECURRING_MAX_PAGE_SIZE = 100;

/**
 * A purchase made later (API 3.2). `encodedId` is the scheduled purchase's id (a uuid). A pre-order is
 * charged when its draw opens; until then it may be cancelled and nothing is refunded because
 * nothing was charged.
 */
export const ScheduledPurchaseSchema = z.object({
  encodedId: z.string(),
  kind: z.enum(['scheduled_purchase', 'pre_order']),
  status: z.enum(['active', 'cancelled']),
  description: z.string(),
  productType: RecurringProductTypeSchema,
  lotteryKey: z.string(),
  amount: MoneySchema,
  numDraws: z.number().int(),
  draw: z.object({ drawNo: z.number().int(), drawDate: IsoDateSchema }).nullable(),
  /** True once the purchase was made (`orderId` names the order). */
  charged: z.boolean(),
  orderId: z.string().nullable(),
  /** Active and not charged yet. */
  cancellable: z.boolean(),
  lastAttemptStatus: RecurringAttemptStatusSchema.nullable(),
  lastAttemptReason: z.string().nullable(),
  lastAttemptAt: IsoDateSchema.nullable(),
  createdAt: IsoDateSchema,
  cancelledAt: IsoDateSchema.nullable(),
});
export type ScheduledPurchase = z.infer<typeof ScheduledPurchaseSchema>;
export const ScheduledPurchaseListSchema = z.array(ScheduledPurchaseSchema);

/** The answer to a cancel: the purchase and what was refunded (nothing: nothing had been charged). */
export const ScheduledPurchaseCancelSchema = z.object({
  scheduledPurchase: ScheduledPurchaseSchema,
  refunded: MoneySchema,
  message: z.string(),
});
export type ScheduledPurchaseCancel = z.infer<typeof ScheduledPurchaseCancelSchema>;

/**
 * Where an attempt that needs the customer stands: `retrying` (a soft failure tried again at the next
 * chance), `retry_error` (a hard failure: stopped until the customer acts), `completed` (bought after
 * failing); `fetching` is the storefront's own state while it loads.
 */
export const PaymentResolutionStatusSchema = z.enum(['fetching', 'retrying', 'completed', 'retry_error']);
export type PaymentResolutionStatus = z.infer<typeof PaymentResolutionStatusSchema>;

export const PaymentResolutionSchema = z.object({
  id: z.string(),
  autoplayId: z.string(),
  type: RecurringPurchaseTypeSchema,
  description: z.string(),
  status: PaymentResolutionStatusSchema,
  attemptStatus: RecurringAttemptStatusSchema,
  reason: z.string().nullable(),
  verificationRequired: z.boolean(),
  /** The draw or membership period (`2026-12`) the attempt was for. */
  periodKey: z.string(),
  drawNo: z.number().int().nullable(),
  drawDate: IsoDateSchema.nullable(),
  tries: z.number().int(),
  lastAttemptAt: IsoDateSchema,
});
export type PaymentResolution = z.infer<typeof PaymentResolutionSchema>;
export const PaymentResolutionListSchema = z.array(PaymentResolutionSchema);

/** One way a recurring purchase may be paid: the wallet or a saved card. */
export const RecurringPurchaseMethodOptionSchema = z.object({
  key: z.string(),
  kind: DefaultFundKindSchema.exclude(['unfunded']),
  label: z.string(),
  /** False when it cannot pay now: a wallet with no balance, an expired card. */
  funded: z.boolean(),
  /** The wallet's available balance (wallet only). */
  balance: MoneySchema.nullable(),
});
export type RecurringPurchaseMethodOption = z.infer<typeof RecurringPurchaseMethodOptionSchema>;

export const RecurringPurchaseMethodSchema = z.object({
  availableRecurringPurchaseMethods: z.array(RecurringPurchaseMethodOptionSchema),
  selectedRecurringPurchaseMethodKey: z.string().nullable(),
  /** How the selected method pays now (`unfunded` when it cannot). */
  defaultFund: DefaultFundSchema,
});
export type RecurringPurchaseMethod = z.infer<typeof RecurringPurchaseMethodSchema>;

/** `POST /v2/customer/recurring-purchase-method?recurring_purchase_method={key}`. */
export const RecurringPurchaseMethodQuerySchema = z.object({
  recurringPurchaseMethod: z.string().min(1).max(100),
});
export type RecurringPurchaseMethodQuery = z.infer<typeof RecurringPurchaseMethodQuerySchema>;

/** A point in time a customer sends: ISO 8601 (a date alone means midnight UTC). */
const InstantInputSchema = z.string().max(40);

/** `PATCH /v2/{autoplay|subscriptions}/{id}/status` (API 3.3). `pausedUntil` only with `timed_paused`. */
export const RecurringStatusChangeSchema = z.object({
  status: RecurringPurchaseStatusSchema,
  pausedUntil: InstantInputSchema.nullish(),
});
export type RecurringStatusChange = z.infer<typeof RecurringStatusChangeSchema>;

/** `POST /v2/autoplay/{id}/pause`: indefinitely, or until `pausedUntil`. */
export const AutoplayPauseSchema = z.object({ pausedUntil: InstantInputSchema.nullish() });
export type AutoplayPause = z.infer<typeof AutoplayPauseSchema>;

/**
 * An amount typed in a form (major units, "20000000" or "20000000.00"); empty text clears it.
 * Checked by the API: positive, at most two decimals, at most $500 million.
 */
export const MinimumJackpotInputSchema = z.string().max(32);

/** `PATCH /v2/autoplay/{id}`: the fields to change; the others stay. */
export const AutoplayPatchSchema = z.strictObject({
  quickpick: z.boolean().optional(),
  /** Major units; null or empty text clears it (every draw). */
  minimumJackpotAmount: z.union([z.number(), MinimumJackpotInputSchema]).nullable().optional(),
  status: RecurringPurchaseStatusSchema.optional(),
  pausedUntil: InstantInputSchema.nullish(),
});
export type AutoplayPatch = z.infer<typeof AutoplayPatchSchema>;

/** `POST /v2/autoplay/{id}/set-minimum-jackpot` (form). */
export const SetMinimumJackpotFormSchema = z.object({ minimumJackpotAmount: MinimumJackpotInputSchema });
export type SetMinimumJackpotForm = z.infer<typeof SetMinimumJackpotFormSchema>;

/** `POST /v2/autoplay/{id}/set-quickpick`: JSON `true`/`false`, or the text a form sends. */
export const SetQuickpickFormSchema = z.object({
  quickpick: z.union([z.boolean(), z.enum(['true', 'false'])]),
});
export type SetQuickpickForm = z.infer<typeof SetQuickpickFormSchema>;

/**
 * `PATCH /v2/subscriptions/{id}` (API 3.3): another game offer of the same lottery, another cause, or
 * another number of games; the price is worked out again by the catalogue's rules, as the cart does.
 */
export const SubscriptionPatchSchema = z.strictObject({
  gameOffer: z.string().min(1).max(100).optional(),
  causeKey: z.string().min(1).max(100).nullish(),
  numGames: z.number().int().min(1).max(100).optional(),
});
export type SubscriptionPatch = z.infer<typeof SubscriptionPatchSchema>;
