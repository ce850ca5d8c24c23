/**
 * The sandbox Apple and Google providers' test identities (README, "Apple and Google sandboxes"):
 * who a tester can sign in as. Each provider's claims have its real shape: Google's `sub`, `email`,
 * `email_verified`, `given_name`, `family_name`; Apple's `sub`, `email` (often a private relay
 * address), `email_verified`, `is_private_email`, and the name only the first time.
 */
export type SocialSandboxProvider = 'apple' | 'google';

export type SocialSandboxIdentity = {
  /** What the provider's page shows. */
  label: string;
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
};

export const SOCIAL_SANDBOX_IDENTITIES: Record<
  SocialSandboxProvider,
  Record<string, SocialSandboxIdentity>
> = {
  google: {
    'google-grace': {
      label: 'Grace Gill, grace.gill@example.com',
      sub: '100000000000000000001',
      email: 'grace.gill@example.com',
      given_name: 'Grace',
      family_name: 'Gill',
    },
    'google-demo': {
      label: 'Demo Customer, the email of the demo account (demo@example.com)',
      sub: '100000000000000000002',
      email: 'demo@example.com',
      given_name: 'Demo',
      family_name: 'Customer',
    },
  },
  apple: {
    'apple-avery': {
      label: 'Avery Apple, hiding the email (a private relay address)',
      sub: '000001.sandbox.avery',
      email: 'avery7k2q@privaterelay.appleid.com',
      given_name: 'Avery',
      family_name: 'Apple',
    },
    'apple-demo': {
      label: 'Demo Customer, sharing the email of the demo account (demo@example.com)',
      sub: '000002.sandbox.demo',
      email: 'demo@example.com',
      given_name: 'Demo',
      family_name: 'Customer',
    },
  },
};

/**
 * The claims the provider shares. Apple shares the name only with the first sign-in of an account
 * at the shop (real Apple posts it beside the code as the `user` field; the sandbox puts it in that
 * first ID token instead) and never again.
 */
export function socialClaimsOf(
  provider: SocialSandboxProvider,
  identity: SocialSandboxIdentity,
  firstTime: boolean,
): Record<string, unknown> {
  if (provider === 'google') {
    return {
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      given_name: identity.given_name,
      family_name: identity.family_name,
    };
  }
  return {
    sub: identity.sub,
    email: identity.email,
    email_verified: true,
    is_private_email: /@privaterelay\.appleid\.com$/i.test(identity.email),
    ...(firstTime ? { given_name: identity.given_name, family_name: identity.family_name } : {}),
  };
}
