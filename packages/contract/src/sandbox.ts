/**
 * The tokens the sandbox gateway's Apple Pay and Google Pay stand-in takes in place of a wallet
 * sheet's token, by the outcome they ask for. Free of zod, so browser code may import it
 * (`@drawhouse/contract/sandbox`).
 */
export const SANDBOX_WALLET_TOKENS = {
  approved: 'sandbox-wallet-approved',
  declined: 'sandbox-wallet-declined',
  insufficientFunds: 'sandbox-wallet-insufficient-funds',
} as const;
