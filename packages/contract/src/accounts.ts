/**
 * The accounts answers (docs/api/accounts.md): the customer overview, sign-in results, details,
 * second-factor settings, communication preferences and the small acknowledgements.
 */
import { z } from 'zod';
import { FailureSchema } from './envelope.ts';
import { FavouriteNumbersListSchema } from './favourite-numbers.ts';
import { MigrationStatusSchema } from './migration.ts';
import { MoneySchema } from './money.ts';

export const CustomerOverviewSchema = z.object({
  customerId: z.string(),
  pricingId: z.string(),
  segmentName: z.string(),
  state: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  forcePasswordChange: z.boolean(),
  accountUpgrade: z.boolean(),
  isVerified: z.boolean(),
  addressConfirmationRequired: z.boolean(),
  emailAddressConfirmationRequired: z.boolean(),
  balance: MoneySchema,
  availableFunds: MoneySchema,
  favouriteNumbers: FavouriteNumbersListSchema,
  twoFactorEnabled: z.boolean(),
  /** Where the customer's account of the older shop stands (`ineligible`: there is none). */
  migrationStatus: MigrationStatusSchema,
});
export type CustomerOverview = z.infer<typeof CustomerOverviewSchema>;

export const LoginResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  deviceUuid: z.string(),
  fingerprint: z.string(),
  customer: CustomerOverviewSchema,
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const CustomerDetailsSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  address: z.object({
    address: z.string(),
    addressLine2: z.string().nullable(),
    suburb: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
  emailOptIn: z.boolean(),
});
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;

export const TwoFactorMethodSchema = z.enum(['authenticator', 'email']);

export const TwoFactorConfigSchema = z.object({
  enabled: z.boolean(),
  method: TwoFactorMethodSchema.nullable(),
  since: z.string().nullable().describe('ISO 8601 UTC'),
  identifier: z.string().nullable(),
  methods: z.array(TwoFactorMethodSchema),
  rememberForDays: z.number(),
});
export type TwoFactorConfig = z.infer<typeof TwoFactorConfigSchema>;

export const CommunicationPreferencesResultSchema = z.object({
  features: z.object({ methodsEnabled: z.array(z.string()) }),
  preferences: z.object({
    email: z.boolean(),
    phone: z.boolean(),
    sms: z.boolean(),
    directmail: z.boolean(),
  }),
  /**
   * What winners lists may show of the customer: `none` (the default: "A Drawhouse customer") or
   * `first_name_suburb` (their first name and suburb).
   */
  winnerPublicity: z.enum(['none', 'first_name_suburb']),
  /**
   * Why marketing cannot be switched on now (a self-exclusion in force), or null. While set, turning
   * a channel on answers 422 `self_excluded`.
   */
  marketingOffReason: z.string().nullable(),
});
export type CommunicationPreferencesResult = z.infer<typeof CommunicationPreferencesResultSchema>;

export const RefreshResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  deviceUuid: z.string(),
  customerId: z.string(),
});
export const TransferResultSchema = z.object({ token: z.string() });
export const CheckEmailResultSchema = z.object({ available: z.boolean() });
export const LocateResultSchema = z.object({
  countryCode: z.string().describe('ISO 3166-1 alpha-2; AU for private and unlocated addresses'),
  state: z.string().nullable(),
  countryBanned: z.boolean(),
});
export type LocateResult = z.infer<typeof LocateResultSchema>;

/** Where the signed-in customer is located and what it asks of them before buying. */
export const LocationFlagsSchema = z.object({
  countryBanned: z.boolean(),
  countryBannedConfirmationRequired: z.boolean(),
  locatedCountry: z.string().nullable(),
  /** The words the customer confirms when `countryBannedConfirmationRequired`; null otherwise. */
  locationConfirmationText: z.string().nullable(),
});
export type LocationFlags = z.infer<typeof LocationFlagsSchema>;

export const LocationConfirmationBodySchema = z.object({
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'Must be a two-letter country code.'),
});
export const LocationConfirmationSchema = z.object({
  countryCode: z.string(),
  confirmedAt: z.string(),
});
export type LocationConfirmation = z.infer<typeof LocationConfirmationSchema>;
export const AuthenticatorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string().describe('data: URI of an SVG'),
});
export const ElevateResultSchema = z.object({ accessToken: z.string() });

export const CodeSentSchema = z.object({ identifier: z.string() });

const ChallengeIdSchema = z
  .string()
  .describe('Send it to POST /v2/login/code with the code; 10 minutes, once');

/** The second factor a sign-in waits for, and where a code went (a masked address). */
export const SignInChallengeSchema = z.object({
  challengeId: ChallengeIdSchema,
  twoFactorAuth: z.object({ method: TwoFactorMethodSchema, identifier: z.string() }),
});
export type SignInChallenge = z.infer<typeof SignInChallengeSchema>;

/** A sign-in that needs the second factor: 401 `2fa_required` with the challenge in `result`. */
export const SignInRefusedSchema = FailureSchema.extend({ result: SignInChallengeSchema.optional() });

/** A throttled sign-in: 429 `login_throttled`, from /login with a challenge id whatever the password. */
export const SignInThrottledSchema = FailureSchema.extend({
  result: z.object({ challengeId: ChallengeIdSchema }).optional(),
});
