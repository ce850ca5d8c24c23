/**
 * What a checkout charges and from where, in integer cents. The amount due now is the cart's items
 * less the voucher's discount less the pre-orders (charged later, when their draw opens); the balance
 * pays first (promotional credit, then cash) and a deposit pays what it leaves.
 */
import type { Cents } from './money.ts';

/** One line charged now (pre-orders excluded), with the sales account it is credited to. */
export type ChargeLine<K extends string = string> = { key: K; cents: Cents };

/**
 * The amount due now: items total - discount - pre-order total, never below zero. A discount larger
 * than what is charged now is not carried over to the pre-orders.
 */
export function amountDueCents(itemsTotal: Cents, discount: Cents, preOrderTotal: Cents): Cents {
  return Math.max(itemsTotal - Math.max(discount, 0) - Math.max(preOrderTotal, 0), 0);
}

/**
 * Takes the discount off the lines in order (the first line first), each line at most to zero, and
 * merges lines of the same key: what each sales account receives. The result sums to
 * max(sum(lines) - discount, 0).
 */
export function chargedByKey<K extends string>(
  lines: readonly ChargeLine<K>[],
  discount: Cents,
): Map<K, Cents> {
  let left = Math.max(discount, 0);
  const out = new Map<K, Cents>();
  for (const line of lines) {
    const off = Math.min(left, line.cents);
    left -= off;
    out.set(line.key, (out.get(line.key) ?? 0) + line.cents - off);
  }
  return out;
}

export type BalanceSplit = { fromPromo: Cents; fromWallet: Cents; fromDeposit: Cents };

/**
 * How `due` is paid. With `useWallet`, promotional credit first, then the cash balance, and a deposit
 * the rest; without, a deposit pays it all (the deposit lands in the wallet, which then pays).
 * `fromWallet` includes the deposit: it is what leaves the wallet.
 */
export function balanceSplit(
  due: Cents,
  balances: { promo: Cents; wallet: Cents },
  useWallet: boolean,
): BalanceSplit {
  if (!useWallet) return { fromPromo: 0, fromWallet: due, fromDeposit: due };
  const fromPromo = Math.min(Math.max(balances.promo, 0), due);
  const fromCash = Math.min(Math.max(balances.wallet, 0), due - fromPromo);
  const fromDeposit = due - fromPromo - fromCash;
  return { fromPromo, fromWallet: fromCash + fromDeposit, fromDeposit };
}

/** One movement out of the customer's promo or wallet account into a sales account. */
export type PurchaseDebit<K extends string = string> = { from: 'promo' | 'wallet'; key: K; cents: Cents };

/**
 * The purchase's debits: each sales account's share paid from promotional credit while it lasts
 * (accounts in the order given), then from the wallet. Zero amounts are left out.
 */
export function purchaseDebits<K extends string>(
  charged: Map<K, Cents>,
  fromPromo: Cents,
): PurchaseDebit<K>[] {
  let promoLeft = Math.max(fromPromo, 0);
  const out: PurchaseDebit<K>[] = [];
  for (const [key, cents] of charged) {
    const promo = Math.min(promoLeft, cents);
    promoLeft -= promo;
    if (promo > 0) out.push({ from: 'promo', key, cents: promo });
    if (cents - promo > 0) out.push({ from: 'wallet', key, cents: cents - promo });
  }
  return out;
}

/**
 * What each line was charged, in the order given, as the purchase's transfers charge it: the discount
 * off the lines in order (`chargedByKey`), then promotional credit spent account by account
 * (`purchaseDebits`), within an account on its lines in order. A line's `promo` is the part of its
 * `cents` paid with promotional credit (what a refund of it gives back there).
 */
export function lineCharges<K extends string>(
  lines: readonly ChargeLine<K>[],
  discount: Cents,
  fromPromo: Cents,
): { cents: Cents; promo: Cents }[] {
  let left = Math.max(discount, 0);
  const out = lines.map((line) => {
    const off = Math.min(left, line.cents);
    left -= off;
    return { cents: line.cents - off, promo: 0 };
  });
  let promoLeft = Math.max(fromPromo, 0);
  for (const key of new Set(lines.map((l) => l.key))) {
    lines.forEach((line, i) => {
      const charged = out[i];
      if (line.key !== key || !charged) return;
      charged.promo = Math.min(promoLeft, charged.cents);
      promoLeft -= charged.promo;
    });
  }
  return out;
}
