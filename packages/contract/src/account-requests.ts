/**
 * The accounts requests (docs/api/accounts.md): sign-up, sign-in and its code step, tokens, details,
 * passwords, preferences. They check shape and size only; the rules with the messages customers read
 * (age, address, password list ...) run in the API's services on top.
 */
import { z } from 'zod';
import { FavouriteNumbersListSchema } from './favourite-numbers.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

const text = (max = 500) => z.string().max(max);

/**
 * The limits the API checks with the messages customers read (all field errors of a form in one
 * answer), shown in the OpenAPI document as constraints: a value outside them is refused with 400.
 */
const Email = text(400).meta({ format: 'email', maxLength: EMAIL_MAX_LENGTH });
const NewPassword = text(1024).meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

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
  email: Email,
  password: NewPassword,
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
  favouriteNumbers: FavouriteNumbersListSchema.optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

const Otp = text(40);
const Fingerprint = text(512);

export const LoginBodySchema = z.object({
  email: text(400),
  password: text(1024),
  fingerprint: Fingerprint.optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The code step of a sign-in: the challenge id of its 2fa_required (or throttled) answer, never the password. */
export const LoginCodeBodySchema = z.object({
  challengeId: text(200),
  otp: Otp.optional(),
  fingerprint: Fingerprint.optional(),
});
export type LoginCodeBody = z.infer<typeof LoginCodeBodySchema>;

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
  fingerprint: Fingerprint.optional(),
});
export const OtpBodySchema = z.object({ otp: Otp });

export const DetailsBodySchema = z.object({
  firstname: text(),
  lastname: text(),
  phone: text(60),
  address: AddressSchema,
  email: Email.optional(),
  emailOptIn: z.boolean().optional(),
});
export type DetailsBody = z.infer<typeof DetailsBodySchema>;

export const ChangePasswordBodySchema = z.object({ currentPassword: text(1024), newPassword: NewPassword });
export const NewPasswordBodySchema = z.object({ newPassword: NewPassword });
export const ForgotPasswordBodySchema = z.object({ email: text(400) });
export const ResetPasswordBodySchema = z.object({ token: text(400), newPassword: NewPassword });
export const CheckEmailQuerySchema = z.object({ email: Email });
export const TermsBodySchema = z.object({ accepted: z.literal(true) });
export const CloseAccountBodySchema = z.object({ password: text(1024), reason: text(1000).optional() });

const PreferencesMap = z.object({
  email: z.boolean().optional(),
  phone: z.boolean().optional(),
  sms: z.boolean().optional(),
  directmail: z.boolean().optional(),
});
export const PreferencesBodySchema = z.object({
  preferences: PreferencesMap,
  winnerPublicity: z.enum(['none', 'first_name_suburb']).optional(),
});
export const UnsubscribeBodySchema = z.object({
  preferences: PreferencesMap,
  unsubscribeReasons: z.array(text(200)).max(20).optional(),
  token: text(400).optional(),
});
