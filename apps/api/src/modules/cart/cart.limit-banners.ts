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
import { limitsGuard } from '../limits/index.ts';

export async function withLimitBanners(
  db: DbOrTx,
  customerId: string,
  view: CartView,
  now: Date,
): Promise<CartView> {
  const due = amountDueCents(moneyToCents(view.cartTotal), 0, moneyToCents(view.preOrderTotal));
  if (due <= 0) return view;
  const guard = limitsGuard(db);
  let found = await guard.spendRefusal(customerId, due, now);
  if (!found) {
    const { wallet, promo } = await ledgerQueries(db).customerAccounts(customerId);
    const balance = accountBalance(wallet).availableCents + accountBalance(promo).availableCents;
    if (due > balance) found = await guard.depositRefusal(customerId, due - balance, now);
  }
  return found ? { ...view, blockedReasons: { ...view.blockedReasons, [found.code]: found.message } } : view;
}
