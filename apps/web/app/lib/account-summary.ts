/** What the page shell knows about the signed-in customer (root loader data), built from the overview. */
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
