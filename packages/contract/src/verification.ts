/**
 * Identity verification (docs/api/verification.md): the methods a customer may verify with and their
 * statuses, what verifying unlocks, and the automatic check `POST /customer/verify`.
 */
import { z } from 'zod';
import { AddressSchema } from './account-requests.ts';
import { MoneySchema } from './money.ts';

export const VerificationMethodTypeSchema = z.enum([
  'auto_verification',
  'connect_id',
  'drivers_licence',
  'greenid_ui',
  'pdf_form',
  'photo_id_upload',
]);
export type VerificationMethodType = z.infer<typeof VerificationMethodTypeSchema>;

export const VerificationMethodStatusSchema = z.enum([
  'disabled',
  'not_attempted',
  'pending',
  'in_progress',
  'attempted',
]);

export const VerificationSchema = z.object({
  /** In the order they are offered. */
  methods: z.array(z.object({ type: VerificationMethodTypeSchema, status: VerificationMethodStatusSchema })),
});
export type Verification = z.infer<typeof VerificationSchema>;

export const VerificationRulesSchema = z.object({
  depositCap: MoneySchema,
  unlocks: z.array(z.enum(['deposits_over_cap', 'withdrawals'])),
  deadlineDays: z.number().int(),
  deadline: z.string().nullable(),
  overdue: z.boolean(),
});
export type VerificationRulesView = z.infer<typeof VerificationRulesSchema>;

/** What GET /customer adds to the overview. */
export const VerificationOverviewSchema = z.object({
  isVerified: z.boolean(),
  verification: VerificationSchema,
  verificationRules: VerificationRulesSchema,
});
export type VerificationOverview = z.infer<typeof VerificationOverviewSchema>;

/** GET /customer: the overview (as sign-in answers it) with the verification methods and rules. */

const text = (max = 500) => z.string().max(max);

/**
 * The details the automatic check looks up, as the customer confirms them: name and date of birth
 * as on the account, the home address as it is now.
 */
export const VerifyBodySchema = z.object({
  firstname: text(),
  lastname: text(),
  dateOfBirth: text(40),
  address: AddressSchema,
});
export type VerifyBody = z.infer<typeof VerifyBodySchema>;

export const VerifyResultSchema = z.object({
  /** verified; in_progress (the answer comes later, the customer is told); not_verified. */
  outcome: z.enum(['verified', 'in_progress', 'not_verified']),
  attemptId: z.string().nullable(),
  /** Why it did not verify: under_age, partial_match, no_match. */
  reason: z.string().nullable(),
  /** What the customer reads: the outcome and what to do next. */
  message: z.string(),
  /** The method to try next after a check that did not verify, if one is offered. */
  nextMethod: VerificationMethodTypeSchema.nullable(),
  ...VerificationOverviewSchema.shape,
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

/** GET /customer-verify/config: the methods the shop offers, what each needs, and the daily limit. */
export const VerificationConfigSchema = z.object({
  methods: z.array(
    z.object({
      type: VerificationMethodTypeSchema,
      enabled: z.boolean(),
      title: z.string(),
      needs: z.string(),
      takes: z.string(),
    }),
  ),
  attemptsPerDay: z.number().int(),
  depositCap: MoneySchema,
  deadlineDays: z.number().int(),
});
export type VerificationConfigView = z.infer<typeof VerificationConfigSchema>;

/** One licence field's format as the form hints it: a pattern (spaces removed, upper case) and words. */
const LicenceFieldFormatSchema = z.object({ pattern: z.string(), hint: z.string() });

/**
 * GET /customer-verify/config/licence: the states and territories whose licences are checked, which
 * ask for the card number, each number's format, and the form's labels.
 */
export const LicenceConfigSchema = z.object({
  states: z.array(
    z.object({
      state: z.string(),
      name: z.string(),
      cardNumberRequired: z.boolean(),
      licenceNumber: LicenceFieldFormatSchema,
      cardNumber: LicenceFieldFormatSchema,
    }),
  ),
  labels: z.object({ state: z.string(), licenceNumber: z.string(), cardNumber: z.string() }),
});
export type LicenceConfigView = z.infer<typeof LicenceConfigSchema>;

/**
 * POST /customer/verification/licence: a driver's licence to check with the state that issued it,
 * with the name and date of birth as on the account (and on the licence).
 */
export const VerifyLicenceBodySchema = z.object({
  firstname: text(),
  lastname: text(),
  dateOfBirth: text(40),
  state: text(10),
  licenceNumber: text(40),
  cardNumber: text(40).nullish(),
});
export type VerifyLicenceBody = z.infer<typeof VerifyLicenceBodySchema>;
