/** The accounts answers of docs/api/accounts.md, after the client's camelCase mapping. */
import type { Money } from './catalogue-types';

export const ADDRESS_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTHER'] as const;
export type AddressState = (typeof ADDRESS_STATES)[number];

export type Address = {
  address: string;
  addressLine2?: string | null;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
};

export type CustomerOverview = {
  customerId: string;
  pricingId?: string | null;
  segmentName?: string | null;
  state?: string | null;
  firstname: string;
  lastname: string;
  email: string;
  forcePasswordChange?: boolean;
  accountUpgrade?: boolean;
  isVerified?: boolean;
  addressConfirmationRequired?: boolean;
  emailAddressConfirmationRequired?: boolean;
  balance?: Money | null;
  availableFunds?: Money | null;
  favouriteNumbers?: unknown[];
  twoFactorEnabled?: boolean;
};

export type CustomerDetails = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  address: Address;
  emailOptIn?: boolean;
};

export type LoginResult = {
  accessToken: string;
  refreshToken: string;
  deviceUuid?: string;
  fingerprint?: string;
  customer?: CustomerOverview;
};

export type TwoFactorMethod = 'authenticator' | 'email' | 'sms';

export type TwoFactorChallenge = { method?: TwoFactorMethod | string; identifier?: string | null };

export type TwoFactorConfig = {
  enabled: boolean;
  method?: TwoFactorMethod | string | null;
  since?: string | null;
  identifier?: string | null;
  methods?: string[];
  rememberForDays?: number | null;
};

export type AuthenticatorSetup = { secret: string; otpauthUri?: string; qrCode?: string };

export type CommunicationPreferences = {
  features?: { methodsEnabled?: string[] };
  preferences: Record<string, boolean>;
};

/** What the page shell knows about the signed-in customer (root loader data). */
export type AccountSummary = {
  customerId: string;
  firstname: string;
  lastname: string;
  email: string;
  /** "$0.00" until the wallet arrives. */
  balanceText: string;
  addressConfirmationRequired: boolean;
  emailAddressConfirmationRequired: boolean;
  twoFactorEnabled: boolean;
};
