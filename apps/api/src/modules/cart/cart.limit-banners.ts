/**
 * Limit banners of a customer's cart: when buying the cart now would pass one of the customer's
 * limits, the cart says so before checkout (blocked reasons keyed by the limit's code: spend_limit,
 * precommitment_limit, global_spend_limit, or, when the balance leaves a deposit to make,
 * verify_account_required or deposit_limit). Read without a lock: the purchase checks the limits again
 * inside its own transaction, which is what enforces them.
 */
import type { CartView } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { amountDueCents, moneyToCents } from '@drawhouse/domain';
import { accountBalance, ledgerQueries } from '../ledger/index.ts';
import {
  type DepositHistory,
  depositRefusalOf,
  type LimitRow,
  type LimitSettings,
  limitsGuard,
  spendRefusalOf,
} from '../limits/index.ts';

/** What the banners need, when it was read already: limits, spend per period, the balance, deposits. */
export type KnownLimits = {
  limits: readonly LimitRow[];
  spent: readonly number[];
  balanceCents: number;
  deposits: DepositHistory;
};

export async function withLimitBanners(
  db: DbOrTx,
  customerId: string,
  view: CartView,
  now: Date,
  settings: LimitSettings,
  known?: KnownLimits,
): Promise<CartView> {
  const due = amountDueCents(moneyToCents(view.cartTotal), 0, moneyToCents(view.preOrderTotal));
  if (due <= 0) return view;
  const guard = limitsGuard(db, settings);
  let found = known
    ? spendRefusalOf(known.limits, known.spent, due, now, settings)
    : await guard.spendRefusal(customerId, due, now);
  if (!found) {
    const balance = known ? known.balanceCents : await balanceOf(db, customerId);
    if (due > balance) {
      found = known
        ? depositRefusalOf(known.deposits, due - balance, now, settings)
        : await guard.depositRefusal(customerId, due - balance, now);
    }
  }
  return found ? { ...view, blockedReasons: { ...view.blockedReasons, [found.code]: found.message } } : view;
}

async function balanceOf(db: DbOrTx, customerId: string): Promise<number> {
  const { wallet, promo } = await ledgerQueries(db).customerAccounts(customerId);
  return accountBalance(wallet).availableCents + accountBalance(promo).availableCents;
}
