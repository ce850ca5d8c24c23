/**
 * The purchase of a customer's cart, in ONE transaction (the caller's): the customer's accounts
 * locked first, the cart locked and built again (draws still on sale, prices as now), the amount due
 * checked against what the customer was shown, limits, then promotional credit and the wallet
 * debited into the sales accounts, orders and a ticket per draw written, raffle numbers taken from
 * the database's own count, pre-orders scheduled, a credit voucher's credit granted and the cart
 * closed. A refusal throws before anything commits, so nothing is charged.
 */
import { randomUUID } from 'node:crypto';
import type { CartView, Receipt } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { amountDueCents, balanceSplit, formatMoney, lineCharges, moneyToCents } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type CartItemRow, cartForCheckout } from '../cart/index.ts';
import {
  type AccountRow,
  accountBalance,
  eventId,
  InsufficientBalanceError,
  ledgerQueries,
} from '../ledger/index.ts';
import { limitsGuard } from '../limits/index.ts';
import { emit } from '../outbox/index.ts';
import { depositSource } from '../payments/index.ts';
import { promotionNotApplicable, redeemVoucher } from '../vouchers/index.ts';
import {
  chargeSessionShares,
  lineCents,
  purchaseTransfers,
  takeStock,
  writeOrders,
} from './checkout.orders.ts';
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

const isPreOrder = (item: CartItemRow) =>
  item.productType !== 'membership' && item.payload.purchaseStatus === 'pre_order';

/** The cart built, checked and priced, with the customer's accounts locked: ready to be paid. */
export type PreparedPurchase = {
  customerId: string;
  cartId: string;
  items: CartItemRow[];
  itemsTotalCents: number;
  discountCents: number;
  preOrderTotalCents: number;
  dueCents: number;
  promoCreditCents: number;
  voucherCode: string | null;
  /** The cart's voucher, which applies (a cart whose voucher does not apply is refused). */
  voucherId: string | null;
  accounts: Record<'wallet' | 'promo', AccountRow>;
};

export type PaymentPlan = {
  checkoutId: string;
  /** Spend promotional credit first (the wallet toggle); off, the wallet pays it all. */
  useWallet: boolean;
  depositId: string | null;
};

export function createCheckoutService(now: () => Date) {
  /**
   * Locks the customer's accounts, then the cart, builds it and checks it can be bought for
   * `expectedTotalCents` (undefined: no check, for a purchase the customer already agreed to through
   * its deposit); limits are checked for the amount due.
   */
  async function prepare(
    tx: DbOrTx,
    customerId: string,
    expectedTotalCents: number | undefined,
  ): Promise<PreparedPurchase> {
    const accounts = await ledgerQueries(tx).lockCustomer(customerId);
    const { cart, view, items } = await cartForCheckout(tx, now).build(customerId);
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
    if (dueCents > 0) await limitsGuard(tx).assertCanSpend(customerId, dueCents, now());
    return {
      customerId,
      cartId: cart.id,
      items,
      itemsTotalCents,
      discountCents,
      preOrderTotalCents,
      dueCents,
      promoCreditCents,
      voucherCode: view.promotion?.code ?? null,
      voucherId: view.promotion ? cart.voucherId : null,
      accounts,
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
  async function postPayment(tx: DbOrTx, prepared: PreparedPurchase, checkoutId: string, fromPromo: number) {
    const ledger = ledgerQueries(tx);
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
        debitAccountId: await ledger.houseAccount('promotions'),
        creditAccountId: prepared.accounts.promo.id,
        amountCents: prepared.promoCreditCents,
        code: 'promo_credit' as const,
        customerId: prepared.customerId,
        reference: checkoutId,
        description: `Promotional credit: ${prepared.voucherCode ?? 'voucher'}`,
      });
    }
    try {
      await ledger.post(transfers);
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw insufficientFunds(prepared.dueCents, balancesOf(prepared.accounts).wallet);
      }
      throw error;
    }
  }

  /**
   * Pays for a prepared cart from the balance (a deposit made for it has already landed in the
   * wallet) and writes everything bought. Answers the receipt. Completing the same checkout id again
   * changes nothing and answers its receipt.
   */
  async function complete(tx: DbOrTx, prepared: PreparedPurchase, plan: PaymentPlan): Promise<Receipt> {
    const q = checkoutQueries(tx);
    const balances = balancesOf(prepared.accounts);
    const fromPromo = plan.useWallet ? Math.min(balances.promo, prepared.dueCents) : 0;
    const fromWallet = prepared.dueCents - fromPromo;
    if (fromWallet > balances.wallet)
      throw insufficientFunds(prepared.dueCents, balances.wallet + balances.promo);
    const at = now();
    const inserted = await q.insertCheckout({
      id: plan.checkoutId,
      customerId: prepared.customerId,
      cartId: prepared.cartId,
      cartTotalCents: prepared.itemsTotalCents,
      discountCents: prepared.discountCents,
      preOrderTotalCents: prepared.preOrderTotalCents,
      paidCents: prepared.dueCents,
      fromPromoCents: fromPromo,
      fromWalletCents: fromWallet,
      depositId: plan.depositId,
      voucherCode: prepared.voucherCode,
      promoCreditCents: prepared.promoCreditCents,
      createdAt: at,
    });
    if (inserted) {
      if (prepared.voucherId) {
        await redeemVoucher(tx, {
          voucherId: prepared.voucherId,
          customerId: prepared.customerId,
          checkoutId: plan.checkoutId,
          chargedNowCents: prepared.itemsTotalCents - prepared.preOrderTotalCents,
          discountCents: prepared.discountCents,
          promoCreditCents: prepared.promoCreditCents,
          at,
        });
      }
      const bought = prepared.items.filter((i) => !isPreOrder(i));
      const { orderIds, stock } = await writeOrders(tx, {
        customerId: prepared.customerId,
        checkoutId: plan.checkoutId,
        lines: bought,
        purchaseStatus: 'standard',
        at,
      });
      const charges = bought.map((i) => ({ key: i.productType, cents: lineCents(i) }));
      chargeSessionShares(stock, orderIds, lineCharges(charges, prepared.discountCents, fromPromo));
      await startRecurringPurchases(tx, { customerId: prepared.customerId, lines: bought, orderIds, at });
      await q.insertScheduledPurchases(
        prepared.items.filter(isPreOrder).map((item) => ({
          customerId: prepared.customerId,
          checkoutId: plan.checkoutId,
          kind: 'pre_order' as const,
          productType: item.productType,
          productOfferKey: item.productOfferKey,
          drawId: item.drawId,
          description: item.payload.description,
          amountCents: lineCents(item),
          payload: item.payload,
          numDraws: item.numDraws,
          quantity: item.quantity,
          createdAt: at,
        })),
      );
      await postPayment(tx, prepared, plan.checkoutId, fromPromo);
      await cartForCheckout(tx, now).markPurchased(prepared.cartId);
      await takeStock(tx, stock, at);
      await emit(tx, 'checkout.completed', plan.checkoutId, {
        customerId: prepared.customerId,
        checkoutId: plan.checkoutId,
      });
    }
    return receipt(tx, prepared.customerId, plan.checkoutId);
  }

  /** The receipt of one of the customer's checkouts; 404 for an unknown id or another customer's. */
  async function receipt(db: DbOrTx, customerId: string, checkoutId: string): Promise<Receipt> {
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
    receipt,

    /** `POST /cart/purchase`: the balance pays all of the amount due (promotional credit first). */
    async purchaseFromBalance(
      tx: DbOrTx,
      customerId: string,
      body: { useWallet: boolean; expectedTotalCents: number },
    ): Promise<Receipt> {
      const prepared = await prepare(tx, customerId, body.expectedTotalCents);
      if (depositNeeded(prepared, body.useWallet) > 0) {
        const balances = balancesOf(prepared.accounts);
        throw insufficientFunds(prepared.dueCents, body.useWallet ? balances.promo + balances.wallet : 0);
      }
      return complete(tx, prepared, { checkoutId: randomUUID(), useWallet: body.useWallet, depositId: null });
    },

    /** Takes out of the cart what a refused purchase found no longer for sale (as `build` does). */
    async keepRemovals(db: DbOrTx, customerId: string): Promise<void> {
      await cartForCheckout(db, now).build(customerId);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
