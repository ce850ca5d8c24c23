/**
 * Everything a prepared purchase writes, worked out before anything is written: the checkout row,
 * each line's order and a ticket per draw it enters (its draws checked under their lock), the
 * pre-orders, the voucher's use, the transfers from promotional credit then the wallet, the raffle
 * numbers and syndicate shares taken from the stock read under its lock, and `checkout.completed`;
 * with the rows the receipt is made of, so the answer is known before the one statement that writes
 * it all (and keeps it for the Idempotency-Key).
 */
import { randomUUID } from 'node:crypto';
import { lineCharges } from '@drawhouse/domain';
import type { CartItemRow } from '../cart/index.ts';
import type { TransferInput } from '../ledger/index.ts';
import { outboxEvent } from '../outbox/index.ts';
import { redemptionOf } from '../vouchers/index.ts';
import {
  chargeSessionShares,
  entersDraws,
  lineCents,
  ordersOf,
  type PurchaseLine,
  type StockToTake,
  soldOut,
} from './checkout.orders.ts';
import type { PurchaseRead, PurchaseWrite } from './checkout.purchase.repository.ts';
import type { ReceiptCheckout, ReceiptRows } from './checkout.receipt.ts';

export const isPreOrder = (item: CartItemRow) =>
  item.productType !== 'membership' && item.payload.purchaseStatus === 'pre_order';

/** What `planPurchase` needs of the prepared purchase. */
export type PlanInput = {
  customerId: string;
  cartId: string;
  items: CartItemRow[];
  itemsTotalCents: number;
  discountCents: number;
  preOrderTotalCents: number;
  dueCents: number;
  promoCreditCents: number;
  voucherCode: string | null;
  voucherId: string | null;
  read: PurchaseRead;
};

export type PurchasePlan = {
  write: Omit<PurchaseWrite, 'key'>;
  checkout: ReceiptCheckout;
  receiptRows: ReceiptRows;
  /** The lines bought now (not pre-orders), with their orders' ids. */
  bought: CartItemRow[];
  orderIds: string[];
  /** Lotto party shares, taken from their sessions once the orders are written. */
  sessionShares: StockToTake['sessionShares'];
};

/**
 * Raffle numbers from each raffle's count as locked (`sold`): the numbers sold+1.. are the buyer's,
 * in key order; a raffle with not enough left is 409 `sold_out`.
 */
function raffleStock(stock: StockToTake, read: PurchaseRead, at: Date) {
  const taken = new Map<string, { offerKey: string; count: number; sold: number }>();
  const numbers: PurchaseWrite['raffleNumbers'] = [];
  const byKey = [...stock.raffleTickets].sort(
    (a, b) => a.offerKey.localeCompare(b.offerKey) || a.drawId.localeCompare(b.drawId),
  );
  for (const r of byKey) {
    const raffle = read.raffles.get(r.offerKey);
    const entry = taken.get(r.offerKey) ?? { offerKey: r.offerKey, count: 0, sold: raffle?.ticketsSold ?? 0 };
    const first = entry.sold + entry.count + 1;
    if (!raffle || raffle.closesAt <= at || first - 1 + r.count > raffle.totalTickets) {
      throw soldOut(r.description);
    }
    for (let n = 0; n < r.count; n++) {
      numbers.push({
        productOfferKey: r.offerKey,
        drawId: r.drawId,
        number: first + n,
        ticketId: r.ticketId,
      });
    }
    taken.set(r.offerKey, { ...entry, count: entry.count + r.count });
  }
  return { raffleStock: [...taken.values()], raffleNumbers: numbers };
}

/**
 * Syndicate shares, each draw's counted as locked: refused (409 `sold_out`) when the draw no longer
 * takes entries, its outcome is decided or not enough are left. The statement's guard checks again.
 */
function shareStock(stock: StockToTake, read: PurchaseRead) {
  const taken = new Map<string, { offerKey: string; drawId: string; count: number }>();
  for (const s of stock.shares) {
    const entry = taken.get(s.drawId) ?? { offerKey: s.offerKey, drawId: s.drawId, count: 0 };
    const total =
      read.shares.get(s.drawId)?.totalShares ??
      read.catalogue.offers.find((o) => o.key === s.offerKey)?.syndicateTotalShares ??
      0;
    const row = read.shares.get(s.drawId);
    const count = entry.count + s.count;
    if (
      row?.outcome ||
      read.draws.get(s.drawId)?.status !== 'DRAW_OPEN' ||
      (row?.sharesSold ?? 0) + count > total
    ) {
      throw soldOut(s.description);
    }
    taken.set(s.drawId, { ...entry, count });
  }
  return [...taken.values()].sort((a, b) => a.drawId.localeCompare(b.drawId));
}

export function planPurchase(
  p: PlanInput,
  plan: { checkoutId: string; useWallet: boolean; depositId: string | null },
  pay: { fromPromo: number; fromWallet: number; transfers: TransferInput[] },
  at: Date,
): PurchasePlan {
  const { read } = p;
  const checkout = {
    id: plan.checkoutId,
    customerId: p.customerId,
    cartId: p.cartId,
    cartTotalCents: p.itemsTotalCents,
    discountCents: p.discountCents,
    preOrderTotalCents: p.preOrderTotalCents,
    paidCents: p.dueCents,
    fromPromoCents: pay.fromPromo,
    fromWalletCents: pay.fromWallet,
    depositId: plan.depositId,
    voucherCode: p.voucherCode,
    promoCreditCents: p.promoCreditCents,
    createdAt: at,
  };
  const redemption = p.voucherId
    ? redemptionOf(read.voucher?.id === p.voucherId ? read.voucher : undefined, read.uses, {
        voucherId: p.voucherId,
        customerId: p.customerId,
        checkoutId: plan.checkoutId,
        chargedNowCents: p.itemsTotalCents - p.preOrderTotalCents,
        discountCents: p.discountCents,
        promoCreditCents: p.promoCreditCents,
        at,
      })
    : undefined;
  const bought = p.items.filter((i) => !isPreOrder(i));
  const lines: PurchaseLine[] = bought;
  const entered = lines.map((line, i) => ({
    line,
    drawIds: entersDraws(line) ? (read.entered.get(bought[i]?.id ?? '') ?? []) : [],
  }));
  const planned = ordersOf(
    { customerId: p.customerId, checkoutId: plan.checkoutId, purchaseStatus: 'standard', at },
    entered,
    read,
  );
  const charges = bought.map((i) => ({ key: i.productType, cents: lineCents(i) }));
  chargeSessionShares(planned.stock, planned.orderIds, lineCharges(charges, p.discountCents, pay.fromPromo));
  const raffles = raffleStock(planned.stock, read, at);
  const scheduled = p.items.filter(isPreOrder).map((item) => ({
    id: randomUUID(),
    customerId: p.customerId,
    checkoutId: plan.checkoutId,
    kind: 'pre_order' as const,
    status: 'active' as const,
    productType: item.productType,
    productOfferKey: item.productOfferKey,
    drawId: item.drawId,
    description: item.payload.description,
    amountCents: lineCents(item),
    payload: item.payload,
    numDraws: item.numDraws,
    quantity: item.quantity,
    createdAt: at,
  }));
  const orders = planned.orders.map((o) => ({
    ...o,
    socialSyndicateId: o.socialSyndicateId ?? null,
    createdAt: at,
  }));
  const tickets = planned.tickets.map((t) => ({ ...t, createdAt: at }));
  const numbers = raffles.raffleNumbers.map((n) => ({ ticketId: n.ticketId, number: n.number }));
  const drawOf = (id: string | null) => (id ? (read.draws.get(id) ?? read.itemDraws.get(id)) : undefined);
  const receiptRows: ReceiptRows = {
    orders: [...orders].sort((a, b) => a.id.localeCompare(b.id)),
    tickets: tickets
      .map((ticket) => ({ ticket, draw: drawOf(ticket.drawId) }))
      .filter((t): t is typeof t & { draw: NonNullable<typeof t.draw> } => t.draw !== undefined)
      .sort(
        (a, b) => a.draw.drawAt.getTime() - b.draw.drawAt.getTime() || a.ticket.id.localeCompare(b.ticket.id),
      ),
    numbers: numbers.sort((a, b) => a.number - b.number),
    scheduled: [...scheduled]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((purchase) => ({ purchase, draw: drawOf(purchase.drawId) ?? null })),
    offers: read.catalogue.offers
      .filter((o) => p.items.some((i) => i.productOfferKey === o.key))
      .map((o) => ({ key: o.key, name: o.name, type: o.type })),
  };
  return {
    write: {
      at,
      checkout,
      orders,
      tickets,
      transfers: pay.transfers.map((t) => ({ ...t, flag: 'posted' as const })),
      scheduled,
      redemption,
      raffleStock: raffles.raffleStock,
      raffleNumbers: raffles.raffleNumbers,
      shareStock: shareStock(planned.stock, read),
      cartId: p.cartId,
      event: outboxEvent('checkout.completed', plan.checkoutId, {
        customerId: p.customerId,
        checkoutId: plan.checkoutId,
      }),
    },
    checkout,
    receiptRows,
    bought,
    orderIds: planned.orderIds,
    sessionShares: planned.stock.sessionShares,
  };
}
