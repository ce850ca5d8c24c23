/**
 * The sandbox ConnectID provider's test identities (README, "ConnectID sandbox"): who a tester can
 * sign in as at the provider. `Casey Connect` is shared as the bank verified it (a customer signed
 * up with these details is verified); the others show each way a check fails.
 */

/** An address as OpenID Connect shares it (the `address` claim). */
export type AddressClaim = {
  street_address: string;
  locality: string;
  region: string;
  postal_code: string;
  country: string;
};

export type SandboxIdentity = {
  /** What the provider's page shows. */
  label: string;
  given_name: string;
  family_name: string;
  birthdate: string;
  address: AddressClaim;
  /** Whether the bank verified these details: only verified ones are shared as `verified_claims`. */
  verified: boolean;
};

const SYDNEY: AddressClaim = {
  street_address: '1 George Street',
  locality: 'Sydney',
  region: 'NSW',
  postal_code: '2000',
  country: 'AU',
};

export const SANDBOX_IDENTITIES = {
  'casey-connect': {
    label: 'Casey Connect, verified by the bank (matches an account with the same details)',
    given_name: 'Casey',
    family_name: 'Connect',
    birthdate: '1990-05-17',
    address: SYDNEY,
    verified: true,
  },
  'casey-under-18': {
    label: 'Casey Connect, born 2012: under 18',
    given_name: 'Casey',
    family_name: 'Connect',
    birthdate: '2012-05-17',
    address: SYDNEY,
    verified: true,
  },
  'morgan-other': {
    label: 'Morgan Other: another name',
    given_name: 'Morgan',
    family_name: 'Other',
    birthdate: '1990-05-17',
    address: SYDNEY,
    verified: true,
  },
  'casey-unverified': {
    label: 'Casey Connect, details the bank has not verified',
    given_name: 'Casey',
    family_name: 'Connect',
    birthdate: '1990-05-17',
    address: SYDNEY,
    verified: false,
  },
} satisfies Record<string, SandboxIdentity>;

export type SandboxIdentityKey = keyof typeof SANDBOX_IDENTITIES;

/** The claims the provider shares of an identity, as ConnectID shares them. */
export function claimsOf(sub: string, identity: SandboxIdentity): Record<string, unknown> {
  const details = {
    given_name: identity.given_name,
    family_name: identity.family_name,
    birthdate: identity.birthdate,
    address: identity.address,
  };
  return identity.verified
    ? {
        sub,
        txn: `sandbox-${sub}`,
        verified_claims: { verification: { trust_framework: 'au_connectid' }, claims: details },
      }
    : { sub, txn: `sandbox-${sub}`, ...details };
}
