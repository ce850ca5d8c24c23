/** What the page shell knows about the signed-in customer (root loader data), built from the overview. */
export type AccountSummary = {
  customerId: string;
  firstname: string;
  lastname: string;
  email: string;
  /** The available funds as currency text ("$12.50"). */
  balanceText: string;
  addressConfirmationRequired: boolean;
  emailAddressConfirmationRequired: boolean;
  /** Located abroad: the country and the words to confirm before buying; null when nothing is asked. */
  locationConfirmation: { countryCode: string; text: string } | null;
  /** The customer's state asks for a spend limit before buying and none is set: buying waits for one. */
  spendLimitRequired: boolean;
  twoFactorEnabled: boolean;
  /** The customer's group in each running experiment (the home hero's layout is one). */
  experimentGroups: Record<string, string>;
};
