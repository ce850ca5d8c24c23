/**
 * The purchase of a customer's cart, in ONE transaction (the caller's) and two statements (decision
 * 043): the first locks the customer's accounts, then the cart, the draws sold into and the stock,
 * and reads all the purchase needs; the cart is built again from it (draws still on sale, prices as
 * now), the amount due checked against what the customer was shown, then the limits, the balance,
 * the voucher and the stock; the second writes the checkout, orders with a ticket per draw, raffle
 * numbers, pre-orders, the voucher's use, the transfers from promotional credit then the wallet into
 * the sales accounts, the cart closed and `checkout.completed`. A refusal throws before anything is
 * written, so nothing is charged.
 */
import { randomUUID } from 'node:crypto';
import type { CartView, Receipt } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import {
  amountDueCents,
  balanceSplit,
  calendarDay,
  formatMoney,
  moneyToCents,
  spentFromDays,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import type { KeyClaim, StoredKey } from '../../http/idempotency.ts';
import { cartForCheckout, parseCartItem } from '../cart/index.ts';
import {
  type AccountRow,
  accountBalance,
  eventId,
  InsufficientBalanceError,
  isBalanceViolation,
  ledgerQueries,
  rememberHouseAccounts,
} from '../ledger/index.ts';
import { limitsGuard, spendPeriodStarts, spendRefusalOf } from '../limits/index.ts';
import { depositSource } from '../payments/index.ts';
import { promotionNotApplicable } from '../vouchers/index.ts';
import { lineCents, purchaseTransfers, takeSessionShares } from './checkout.orders.ts';
import { isPreOrder, type PlanInput, planPurchase } from './checkout.plan.ts';
import { purchaseQueries } from './checkout.purchase.repository.ts';
import { receiptOf } from './checkout.receipt.ts';
import { startRecurringPurchases } from './checkout.recurring.ts';
import { checkoutQueries } from './checkout.repository.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const receiptNotFound = () =>
  new AppError(404, 'checkout_not_found', 'There is no such receipt in your account.');

const cartEmpty = () =>
  new AppError(422, 'cart_empty', 'Your cart is empty: add a ticket before you check out.');

const cartChanged = (dueCents: number) =>
  new AppError(
    409,
    'cart_changed',
    `Your cart has changed since you saw it: the amount due is now ${formatMoney(dueCents)}. Please check your cart and try again.`,
  );

const insufficientFunds = (dueCents: number, balanceCents: number) =>
  new AppError(
    422,
    'insufficient_funds',
    `Your balance is not enough to pay for this cart: ${formatMoney(dueCents)} is due and your balance is ${formatMoney(balanceCents)}. Please add funds or pay by card.`,
  );

/** Removals that refuse a purchase: the reason's code, or `cart_changed` for any other refusal. */
function removalRefusal(removed: CartView['autoRemovedItems']): AppError {
  const first = removed[0];
  const code =
    first && (first.reason === 'draw_closed' || first.reason === 'sold_out') ? first.reason : 'cart_changed';
  const messages = removed.map((r) => r.message).join(' ');
  return new AppError(409, code, `${messages} Nothing was charged: please check your cart and try again.`, {
    cart_items: removed.map((r) => ({ code: r.reason, message: r.message })),
  });
}

/** A refusal whose cart changes (items taken out) must be kept even though the purchase rolls back. */
export function refusalChangesCart(error: unknown): boolean {
  return error instanceof AppError && (error.errors?.cart_items?.length ?? 0) > 0;
}

/** The cart built, checked and priced, with the customer's accounts locked: ready to be paid. */
export type PreparedPurchase = PlanInput & {
  accounts: Record<'wallet' | 'promo', AccountRow>;
};

export type PaymentPlan = {
  checkoutId: string;
  /** Spend promotional credit first (the wallet toggle); off, the wallet pays it all. */
  useWallet: boolean;
  depositId: string | null;
};

/** The key held an answer when the purchase read it: answer as that one was. */
export class KeyAnswered extends Error {
  constructor(readonly stored: StoredKey) {
    super('the Idempotency-Key holds an answer');
    this.name = 'KeyAnswered';
  }
}

/** The purchase's write found the key taken, or a guarded part not landing: it rolls back. */
export class PurchaseRaced extends Error {
  constructor(readonly keyTaken: boolean) {
    super(keyTaken ? 'the Idempotency-Key was taken meanwhile' : 'the stock or voucher changed meanwhile');
    this.name = 'PurchaseRaced';
  }
}

/** An expected failure after the purchase's write (lotto party shares gone): all of it rolls back. */
export class FailedAfterWrite extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
    this.name = 'FailedAfterWrite';
  }
}

/** The key a purchase writes with its answer (decision 048), and how a receipt becomes that answer. */
export type PurchaseKey = { claim: KeyClaim; answerOf: (receipt: Receipt) => string };

/** What `prepare` is told besides the cart: the key read with the purchase, where the request came from. */
export type PrepareOptions = { key?: KeyClaim; locatedCountry?: string | null };

export function createCheckoutService(now: () => Date) {
  /** The purchase's statement, read again when it waited for a lock another purchase committed. */
  async function load(tx: DbOrTx, customerId: string, at: Date, key: KeyClaim | undefined) {
    const q = purchaseQueries(tx);
    const spendFrom =
      spendPeriodStarts(at)
        .map((d) => calendarDay(d))
        .sort()[0] ?? calendarDay(at);
    let read = await q.load(customerId, at, spendFrom, key);
    if (read.accounts.length < 2) {
      await ledgerQueries(tx).customerAccounts(customerId);
      read = await q.load(customerId, at, spendFrom, key);
    }
    if (read.stale) read = await q.load(customerId, at, spendFrom, key);
    rememberHouseAccounts(read.house);
    return read;
  }

  /**
   * Locks the customer's accounts, then the cart, builds it and checks it can be bought for
   * `expectedTotalCents` (undefined: no check, for a purchase the customer already agreed to through
   * its deposit); the customer's standing is checked first (`locatedCountry`: where the request came
   * from; undefined when there is no request, as after 3-D Secure), limits for the amount due. With
   * `key`, a key that holds an answer already throws KeyAnswered.
   */
  async function prepare(
    tx: DbOrTx,
    customerId: string,
    expectedTotalCents: number | undefined,
    options: PrepareOptions = {},
  ): Promise<PreparedPurchase> {
    const { key } = options;
    const at = now();
    const read = await load(tx, customerId, at, key);
    if (key && read.stored) throw new KeyAnswered(read.stored);
    // May this customer buy at all (ADR 085): an older account, where they are, a break, a spend limit.
    await limitsGuard(tx).assertMay(customerId, 'purchase', at, options.locatedCountry);
    const wallet = read.accounts.find((a) => a.kind === 'wallet');
    const promo = read.accounts.find((a) => a.kind === 'promo');
    if (!wallet || !promo) throw new Error(`customer ${customerId} has no wallet and promo accounts`);
    if (!read.cart) throw cartEmpty();
    const { view, items } = await cartForCheckout(tx, now).buildFrom({
      cart: read.cart,
      items: read.items.map(parseCartItem),
      catalogue: read.catalogue,
      readAt: at,
      voucher: read.voucher,
      uses: read.voucher ? read.uses : undefined,
      state: read.state,
    });
    if (view.autoRemovedItems.length > 0) throw removalRefusal(view.autoRemovedItems);
    if (items.length === 0) throw cartEmpty();
    const blocked = Object.values(view.blockedReasons)[0];
    if (blocked !== undefined) throw new AppError(422, 'cart_blocked', blocked);
    if (view.promotion && !view.promotion.applies) throw promotionNotApplicable(view.promotion.message);

    const itemsTotalCents = items.reduce((sum, item) => sum + lineCents(item), 0);
    const preOrderTotalCents = items.filter(isPreOrder).reduce((sum, item) => sum + lineCents(item), 0);
    const discountCents = view.promotion ? moneyToCents(view.promotion.discount) : 0;
    const promoCreditCents = view.promotion?.promoCredit ? moneyToCents(view.promotion.promoCredit) : 0;
    const dueCents = amountDueCents(itemsTotalCents, discountCents, preOrderTotalCents);
    if (expectedTotalCents !== undefined && expectedTotalCents !== dueCents) throw cartChanged(dueCents);
    // Checked for a free cart too: nothing is bought during a break.
    const spent = spentFromDays(read.spendDays, spendPeriodStarts(at));
    const refused = spendRefusalOf(read.limits, spent, dueCents, at);
    if (refused) throw new AppError(422, refused.code, refused.message);
    return {
      customerId,
      cartId: read.cart.id,
      items,
      itemsTotalCents,
      discountCents,
      preOrderTotalCents,
      dueCents,
      promoCreditCents,
      voucherCode: view.promotion?.code ?? null,
      voucherId: view.promotion ? read.cart.voucherId : null,
      accounts: { wallet, promo },
      read,
    };
  }

  /** What the balance leaves for a deposit to pay (all of it without the wallet toggle). */
  function depositNeeded(prepared: PreparedPurchase, useWallet: boolean): number {
    return balanceSplit(prepared.dueCents, balancesOf(prepared.accounts), useWallet).fromDeposit;
  }

  function balancesOf(accounts: PreparedPurchase['accounts']) {
    return {
      promo: accountBalance(accounts.promo).availableCents,
      wallet: accountBalance(accounts.wallet).availableCents,
    };
  }

  /** Promotional credit first (with the toggle), then the wallet, into each product type's sales account. */
  async function paymentTransfers(
    tx: DbOrTx,
    prepared: PreparedPurchase,
    checkoutId: string,
    fromPromo: number,
  ) {
    const transfers = await purchaseTransfers(tx, {
      eventKey: `checkout:${checkoutId}`,
      customerId: prepared.customerId,
      reference: checkoutId,
      accounts: prepared.accounts,
      lines: prepared.items
        .filter((i) => !isPreOrder(i))
        .map((i) => ({ key: i.productType, cents: lineCents(i), what: i.payload.description })),
      discountCents: prepared.discountCents,
      fromPromo,
    });
    if (prepared.promoCreditCents > 0) {
      transfers.push({
        id: eventId(`checkout:${checkoutId}:promo_credit`),
        debitAccountId: await ledgerQueries(tx).houseAccount('promotions'),
        creditAccountId: prepared.accounts.promo.id,
        amountCents: prepared.promoCreditCents,
        code: 'promo_credit' as const,
        customerId: prepared.customerId,
        reference: checkoutId,
        description: `Promotional credit: ${prepared.voucherCode ?? 'voucher'}`,
      });
    }
    return transfers;
  }

  /**
   * Pays for a prepared cart from the balance (a deposit made for it has already landed in the
   * wallet) and writes everything bought, in one statement (with `key`, the key and its answer too).
   * Answers the receipt. Completing the same checkout id again changes nothing and answers its
   * receipt. Throws PurchaseRaced when the key was taken or stock or a voucher's use went meanwhile
   * (the transaction must roll back; a purchase read again sees why).
   */
  async function complete(
    tx: DbOrTx,
    prepared: PreparedPurchase,
    plan: PaymentPlan,
    key?: PurchaseKey,
  ): Promise<Receipt> {
    const balances = balancesOf(prepared.accounts);
    const fromPromo = plan.useWallet ? Math.min(balances.promo, prepared.dueCents) : 0;
    const fromWallet = prepared.dueCents - fromPromo;
    if (fromWallet > balances.wallet)
      throw insufficientFunds(prepared.dueCents, balances.wallet + balances.promo);
    const transfers = await paymentTransfers(tx, prepared, plan.checkoutId, fromPromo);
    const planned = planPurchase(prepared, plan, { fromPromo, fromWallet, transfers }, now());
    const deposit = await depositSource(tx, plan.depositId);
    const receipt = receiptOf(planned.checkout, planned.receiptRows, {
      depositCents: deposit?.cents ?? 0,
      paidBy: deposit?.label ?? null,
      firstPurchase: !prepared.read.boughtBefore,
    });
    let written: Awaited<ReturnType<ReturnType<typeof purchaseQueries>['write']>>;
    try {
      written = await purchaseQueries(tx).write({
        ...planned.write,
        key: key && {
          scope: key.claim.scope,
          key: key.claim.key,
          requestHash: key.claim.requestHash,
          answer: key.answerOf(receipt),
        },
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError || isBalanceViolation(error)) {
        throw insufficientFunds(prepared.dueCents, balances.wallet);
      }
      throw error;
    }
    if (!written.claimed) throw new PurchaseRaced(true);
    if (!written.inserted) return checkoutReceipt(tx, prepared.customerId, plan.checkoutId);
    if (!written.whole) throw new PurchaseRaced(false);
    try {
      await takeSessionShares(tx, planned.sessionShares, planned.write.at);
      await startRecurringPurchases(tx, {
        customerId: prepared.customerId,
        lines: planned.bought,
        orderIds: planned.orderIds,
        at: planned.write.at,
      });
    } catch (error) {
      // The key was written with a success: its failure is kept once all of this rolls back.
      if (key && error instanceof AppError && error.status < 500) throw new FailedAfterWrite(error);
      throw error;
    }
    return receipt;
  }

  /** The receipt of one of the customer's checkouts; 404 for an unknown id or another customer's. */
  async function checkoutReceipt(db: DbOrTx, customerId: string, checkoutId: string): Promise<Receipt> {
    if (!UUID_PATTERN.test(checkoutId)) throw receiptNotFound();
    const q = checkoutQueries(db);
    const checkout = await q.checkoutOf(customerId, checkoutId);
    if (!checkout) throw receiptNotFound();
    const rows = await q.receiptRows(checkoutId);
    const deposit = await depositSource(db, checkout.depositId);
    const firstPurchase = !(await q.hasEarlierCheckout(customerId, checkout));
    return receiptOf(checkout, rows, {
      depositCents: deposit?.cents ?? 0,
      paidBy: deposit?.label ?? null,
      firstPurchase,
    });
  }

  return {
    prepare,
    complete,
    depositNeeded,
    receipt: checkoutReceipt,

    /**
     * `POST /cart/purchase`: the balance pays all of the amount due (promotional credit first). With
     * `key`, the key is read with the purchase (KeyAnswered) and written with its answer.
     */
    async purchaseFromBalance(
      tx: DbOrTx,
      customerId: string,
      body: { useWallet: boolean; expectedTotalCents: number | undefined; locatedCountry?: string | null },
      key?: PurchaseKey,
    ): Promise<Receipt> {
      const prepared = await prepare(tx, customerId, body.expectedTotalCents, {
        key: key?.claim,
        locatedCountry: body.locatedCountry,
      });
      if (depositNeeded(prepared, body.useWallet) > 0) {
        const balances = balancesOf(prepared.accounts);
        throw insufficientFunds(prepared.dueCents, body.useWallet ? balances.promo + balances.wallet : 0);
      }
      const plan = { checkoutId: randomUUID(), useWallet: body.useWallet, depositId: null };
      return complete(tx, prepared, plan, key);
    },

    /** Takes out of the cart what a refused purchase found no longer for sale (as `build` does). */
    async keepRemovals(db: DbOrTx, customerId: string): Promise<void> {
      await cartForCheckout(db, now).build(customerId);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
