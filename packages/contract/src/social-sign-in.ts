/**
 * Apple and Google sign-in (docs/api/accounts.md, "Social authentication"): start a sign-in at the
 * provider, post its answer back, then sign in, join or link; list and unlink the linked accounts.
 */
import { z } from 'zod';
import { SignupBodySchema } from './account-requests.ts';
import { LoginResultSchema } from './accounts.ts';

export const SocialProviderSchema = z.enum(['apple', 'google']);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const SocialProviderParamsSchema = z.object({
  provider: z.string().max(20).pipe(SocialProviderSchema).describe('`apple` or `google`.'),
});

export const SocialStartBodySchema = z.object({
  /** sign_in: sign in or join (anyone); link: add the account to the signed-in customer's. */
  intent: z.enum(['sign_in', 'link']).default('sign_in'),
});
export type SocialStartBody = z.infer<typeof SocialStartBodySchema>;

export const SocialStartSchema = z.object({
  /** Where to send the browser: the provider's sign-in page. */
  authorizationUrl: z.string(),
  /** The answer must come back before this. */
  expiresAt: z.string(),
});
export type SocialStart = z.infer<typeof SocialStartSchema>;

const param = (max: number) => z.string().max(max);

/** The provider's answer as it reached the storefront's /social-authentication page. */
export const SocialCallbackBodySchema = z.object({
  state: param(200),
  code: param(2000).optional(),
  iss: param(500).optional(),
  error: param(200).optional(),
  errorDescription: param(1000).optional(),
  /** Apple's first-time `user` form field (JSON with `name.firstName`, `name.lastName`). */
  user: param(2000).optional(),
  fingerprint: param(512).optional(),
});
export type SocialCallbackBody = z.infer<typeof SocialCallbackBodySchema>;

/** What the provider shared, to prefill the sign-up. */
export const SocialProfileViewSchema = z.object({
  provider: SocialProviderSchema,
  email: z.string().nullable(),
  isPrivateEmail: z.boolean(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
});
export type SocialProfileView = z.infer<typeof SocialProfileViewSchema>;

/**
 * The callback's outcome. signed_in: a linked account (a second factor answers 401 `2fa_required`
 * as /login does). linked: added to the signed-in customer's account. join_required: nobody has
 * this account or its email; the sign-up follows with `pending_token`. account_exists: an account
 * has this email; its owner signs in with the password and then links with `pending_token`.
 */
export const SocialCallbackResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('signed_in'), login: LoginResultSchema }),
  z.object({ outcome: z.literal('linked'), provider: SocialProviderSchema }),
  z.object({
    outcome: z.literal('join_required'),
    pendingToken: z.string(),
    profile: SocialProfileViewSchema,
  }),
  z.object({
    outcome: z.literal('account_exists'),
    pendingToken: z.string(),
    profile: SocialProfileViewSchema,
  }),
]);
export type SocialCallbackResult = z.infer<typeof SocialCallbackResultSchema>;

/** The sign-up of a visitor who came from a provider: no password, the email is the provider's. */
export const SocialJoinBodySchema = SignupBodySchema.omit({
  email: true,
  password: true,
  favouriteNumbers: true,
}).extend({ pendingToken: param(200) });
export type SocialJoinBody = z.infer<typeof SocialJoinBodySchema>;

/** Links the pending account after the password sign-in that followed `account_exists`. */
export const SocialLinkPendingBodySchema = z.object({ pendingToken: param(200) });
export type SocialLinkPendingBody = z.infer<typeof SocialLinkPendingBodySchema>;

export const SocialIdentitySchema = z.object({
  provider: SocialProviderSchema,
  email: z.string().nullable(),
  linkedAt: z.string(),
});
export type SocialIdentity = z.infer<typeof SocialIdentitySchema>;

/** The signed-in customer's ways to sign in. */
export const SocialIdentitiesSchema = z.object({
  identities: z.array(SocialIdentitySchema),
  /** Whether the account has a password (an account that joined by a provider may not). */
  hasPassword: z.boolean(),
  /** The providers this site offers. */
  available: z.array(SocialProviderSchema),
});
export type SocialIdentities = z.infer<typeof SocialIdentitiesSchema>;
