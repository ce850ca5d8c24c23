/**
 * Request schemas of the accounts routes (docs/api/accounts.md), camelCase inside: the http layer
 * renames wire keys. They check shape and size only; the rules with the spec's messages (age,
 * address, password list ...) run in the services on top. Answers follow the types below.
 */
import { z } from 'zod';

const text = (max = 500) => z.string().max(max);

export const AddressSchema = z.object({
  address: text(),
  addressLine2: text().nullish(),
  suburb: text(),
  state: text(20),
  postcode: text(20),
  country: text(100),
});
export type AddressBody = z.infer<typeof AddressSchema>;

export const SignupBodySchema = z.object({
  email: text(400),
  password: text(1024),
  firstname: text(),
  lastname: text(),
  dateOfBirth: text(40),
  phone: text(60),
  address: AddressSchema,
  acceptTerms: z.boolean().optional(),
  emailOptIn: z.boolean().optional(),
  attribution: z
    .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .optional(),
  metadata: z.object({ platform: text(40).optional() }).optional(),
  favouriteNumbers: z.array(z.number().int().min(0).max(999)).max(50).optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

const Otp = text(40);
const Fingerprint = text(512);

export const LoginBodySchema = z.object({
  email: text(400),
  password: text(1024),
  otp: Otp.optional(),
  fingerprint: Fingerprint.optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RefreshBodySchema = z.object({
  refreshToken: text(400),
  fingerprint: Fingerprint.optional(),
  otp: Otp.optional(),
});
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

export const TokenBodySchema = z.object({ token: text(400) });
export const OptionalTokenBodySchema = z.object({ token: text(400).optional() }).nullish();
export const AutologinBodySchema = z.object({
  token: text(400),
  otp: Otp.optional(),
  fingerprint: Fingerprint.optional(),
});
export const OtpBodySchema = z.object({ otp: Otp });

export const DetailsBodySchema = z.object({
  firstname: text(),
  lastname: text(),
  phone: text(60),
  address: AddressSchema,
  email: text(400).optional(),
  emailOptIn: z.boolean().optional(),
});
export type DetailsBody = z.infer<typeof DetailsBodySchema>;

export const ChangePasswordBodySchema = z.object({ currentPassword: text(1024), newPassword: text(1024) });
export const NewPasswordBodySchema = z.object({ newPassword: text(1024) });
export const ForgotPasswordBodySchema = z.object({ email: text(400) });
export const ResetPasswordBodySchema = z.object({ token: text(400), newPassword: text(1024) });
export const CheckEmailQuerySchema = z.object({ email: text(400) });
export const TermsBodySchema = z.object({ accepted: z.literal(true) });
export const CloseAccountBodySchema = z.object({ password: text(1024), reason: text(1000).optional() });

export const CustomerParamsSchema = z.object({ id: text(100) });
export const PreferenceParamsSchema = z.object({ id: text(100), topic: text(200) });

const PreferencesMap = z.object({
  email: z.boolean().optional(),
  phone: z.boolean().optional(),
  sms: z.boolean().optional(),
  directmail: z.boolean().optional(),
});
export const PreferencesBodySchema = z.object({ preferences: PreferencesMap });
export const UnsubscribeBodySchema = z.object({
  preferences: PreferencesMap,
  unsubscribeReasons: z.array(text(200)).max(20).optional(),
  token: text(400).optional(),
});

export type Money = { amount: number; currency: string };

export type CustomerOverview = {
  customerId: string;
  pricingId: string;
  segmentName: string;
  state: string;
  firstname: string;
  lastname: string;
  email: string;
  forcePasswordChange: boolean;
  accountUpgrade: boolean;
  isVerified: boolean;
  addressConfirmationRequired: boolean;
  emailAddressConfirmationRequired: boolean;
  balance: Money;
  availableFunds: Money;
  favouriteNumbers: number[];
  twoFactorEnabled: boolean;
};

export type LoginResult = {
  accessToken: string;
  refreshToken: string;
  deviceUuid: string;
  fingerprint: string;
  customer: CustomerOverview;
};

/** `address_line_2` is written as on the wire: the case mapping would make `addressLine2` `address_line2`. */
export type CustomerDetails = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  address: {
    address: string;
    address_line_2: string | null;
    suburb: string;
    state: string;
    postcode: string;
    country: string;
  };
  emailOptIn: boolean;
};

export type TwoFactorConfig = {
  enabled: boolean;
  method: 'authenticator' | 'email' | null;
  since: string | null;
  identifier: string | null;
  methods: ('authenticator' | 'email')[];
  rememberForDays: number;
};

export type CommunicationPreferencesResult = {
  features: { methodsEnabled: string[] };
  preferences: { email: boolean; phone: boolean; sms: boolean; directmail: boolean };
};
