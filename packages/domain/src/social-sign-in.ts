/**
 * Apple and Google sign-in rules: which capability offers each provider, what a provider's answer
 * leads to, and whether an account may drop a way to sign in.
 */
import type { Capability } from './capabilities.ts';

export const SOCIAL_PROVIDERS = ['apple', 'google'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_CAPABILITY = {
  apple: 'apple_sign_in',
  google: 'google_sign_in',
} as const satisfies Record<SocialProviderName, Capability>;

export const SOCIAL_PROVIDER_LABEL: Record<SocialProviderName, string> = {
  apple: 'Apple',
  google: 'Google',
};

/**
 * What a provider's checked answer leads to:
 * - `sign_in`: the (provider, subject) is linked to a customer, who signs in (linking again as
 *   someone else is refused: `taken`);
 * - `link`: the signed-in customer who started a link adds it;
 * - `account_exists`: an account has the answer's email: never signed in or linked on the email
 *   alone (whoever controls an account at the provider could claim any address), so the owner
 *   proves it with the password first;
 * - `join`: nobody: the visitor signs up.
 */
export type SocialAnswerOutcome =
  | { kind: 'sign_in'; customerId: string }
  | { kind: 'link'; customerId: string }
  | { kind: 'taken' }
  | { kind: 'account_exists'; customerId: string }
  | { kind: 'join' };

export function socialAnswerOutcome(args: {
  /** The customer the (provider, subject) is linked to, if any. */
  linkedTo: string | null;
  /** The customer who started a link; null for a sign-in. */
  linking: string | null;
  /** The customer whose email is the answer's, if any. */
  emailOwner: string | null;
}): SocialAnswerOutcome {
  const { linkedTo, linking, emailOwner } = args;
  if (linking) {
    if (linkedTo && linkedTo !== linking) return { kind: 'taken' };
    return { kind: 'link', customerId: linking };
  }
  if (linkedTo) return { kind: 'sign_in', customerId: linkedTo };
  if (emailOwner) return { kind: 'account_exists', customerId: emailOwner };
  return { kind: 'join' };
}

/**
 * Whether a customer may unlink a provider: not when it is their last way to sign in (no password
 * and no other linked provider).
 */
export function mayUnlinkProvider(args: {
  provider: SocialProviderName;
  linked: readonly SocialProviderName[];
  hasPassword: boolean;
}): boolean {
  if (!args.linked.includes(args.provider)) return true;
  return args.hasPassword || args.linked.some((p) => p !== args.provider);
}

/** Apple's private relay addresses: real mailboxes that forward to the customer. */
export function isPrivateRelayEmail(email: string): boolean {
  return /@privaterelay\.appleid\.com$/i.test(email.trim());
}
