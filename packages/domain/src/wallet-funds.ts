/**
 * What a customer's money amounts to, from the two ledger accounts they hold: `wallet` (cash:
 * deposits and winnings) and `promo` (promotional credit, spendable on tickets only). Posted is
 * what the account holds; available is posted less what is held (a withdrawal awaiting approval).
 */
import type { Cents } from './money.ts';

export type AccountFunds = { postedCents: Cents; availableCents: Cents };

export type WalletFunds = {
  /** Everything held: cash and promotional credit, posted. */
  balanceCents: Cents;
  /** What can be spent on tickets now: both accounts, less what is held. */
  availableCents: Cents;
  /** What can be withdrawn now: the cash wallet's available balance (promotional credit never). */
  withdrawableCents: Cents;
  /** Cash held for withdrawals awaiting the operator. */
  heldCents: Cents;
  promoCents: Cents;
};

/** The withdrawable funds rule and the balances the account shows, in one place. */
export function walletFunds(wallet: AccountFunds, promo: AccountFunds): WalletFunds {
  return {
    balanceCents: wallet.postedCents + promo.postedCents,
    availableCents: wallet.availableCents + promo.availableCents,
    withdrawableCents: Math.max(0, wallet.availableCents),
    heldCents: wallet.postedCents - wallet.availableCents,
    promoCents: promo.availableCents,
  };
}
