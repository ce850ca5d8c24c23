/**
 * What every purchase writes, shared by the cart's checkout and the charge of a pre-order when its
 * draw opens: each line's order and a ticket per draw it enters, the raffle numbers and syndicate
 * shares taken from stock, and the ledger transfers into each product type's sales account.
 */
import { randomUUID } from 'node:crypto';
import type {
  CartProductType,
  CartRecurringPurchase,
  DbOrTx,
  OrderPurchaseStatus,
  TypedCartItemPayload,
} from '@drawhouse/db';
import { type ChargeLine, chargedByKey, purchaseDebits } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type AccountRow, eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { checkoutQueries, type NewOrder, type NewTicket } from './checkout.repository.ts';

/** One thing bought: a cart item, or a pre-order's scheduled purchase when it is charged. */
export type PurchaseLine = TypedCartItemPayload & {
  productOfferKey: string;
  quantity: number;
  unitPriceCents: number;
  numDraws: number;
  firstDrawNo: number | null;
  drawId: string | null;
  recurringPurchase: CartRecurringPurchase | null;
};

export const lineCents = (line: Pick<PurchaseLine, 'unitPriceCents' | 'quantity'>) =>
  line.unitPriceCents * line.quantity;

export const soldOut = (description: string) =>
  new AppError(
    409,
    'sold_out',
    `${description} has sold out: there are not enough left for your order. Nothing was charged.`,
  );

/** The raffle numbers and syndicate shares a purchase takes (`takeStock`). */
export type StockToTake = {
  raffleTickets: { offerKey: string; drawId: string; ticketId: string; count: number; description: string }[];
  shares: { offerKey: string; count: number; description: string }[];
};

async function drawsOf(tx: DbOrTx, line: PurchaseLine) {
  const q = checkoutQueries(tx);
  if (line.firstDrawNo !== null) return q.drawsFrom(line.productOfferKey, line.firstDrawNo, line.numDraws);
  const first = line.drawId ? await q.drawById(line.drawId) : undefined;
  return first ? q.drawsFrom(line.productOfferKey, first.drawNo, line.numDraws) : [];
}

/** Writes each line's order and a ticket per draw it enters; answers the orders' ids and the stock to take. */
export async function writeOrders(
  tx: DbOrTx,
  args: {
    customerId: string;
    checkoutId: string;
    lines: PurchaseLine[];
    purchaseStatus: OrderPurchaseStatus;
  },
): Promise<{ orderIds: string[]; stock: StockToTake }> {
  const newOrders: NewOrder[] = [];
  const newTickets: NewTicket[] = [];
  const stock: StockToTake = { raffleTickets: [], shares: [] };
  for (const line of args.lines) {
    const orderId = randomUUID();
    newOrders.push({
      id: orderId,
      checkoutId: args.checkoutId,
      customerId: args.customerId,
      productType: line.productType,
      productOfferKey: line.productOfferKey,
      description: line.payload.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: lineCents(line),
      numDraws: line.numDraws,
      firstDrawNo: line.firstDrawNo,
      purchaseStatus: args.purchaseStatus,
      payload: line.payload,
      recurringPurchase: line.recurringPurchase,
    });
    if (line.productType === 'membership') continue;
    for (const draw of await drawsOf(tx, line)) {
      const ticketId = randomUUID();
      newTickets.push({
        id: ticketId,
        orderId,
        customerId: args.customerId,
        drawId: draw.id,
        productOfferKey: line.productOfferKey,
        games: line.productType === 'lottery_ticket' ? line.payload.games : [],
        numShares: line.productType === 'syndicate_share' ? line.payload.numShares * line.quantity : null,
      });
      if (line.productType === 'raffle_ticket') {
        stock.raffleTickets.push({
          offerKey: line.productOfferKey,
          drawId: draw.id,
          ticketId,
          count: line.payload.numTickets * line.quantity,
          description: line.payload.description,
        });
      }
    }
    if (line.productType === 'syndicate_share') {
      const count = line.payload.numShares * line.quantity;
      stock.shares.push({ offerKey: line.productOfferKey, count, description: line.payload.description });
    }
  }
  const q = checkoutQueries(tx);
  await q.insertOrders(newOrders);
  await q.insertTickets(newTickets);
  return { orderIds: newOrders.map((o) => o.id), stock };
}

/**
 * Takes the raffle numbers and syndicate shares sold, last in the transaction so the stock rows
 * stay locked as briefly as possible, in key order so two purchases never wait on each other in
 * a cycle. Not enough left: 409 `sold_out` and the whole purchase rolls back.
 */
export async function takeStock(tx: DbOrTx, stock: StockToTake): Promise<void> {
  const q = checkoutQueries(tx);
  const byKey = <T extends { offerKey: string }>(list: T[]) =>
    [...list].sort((a, b) => a.offerKey.localeCompare(b.offerKey));
  for (const r of byKey(stock.raffleTickets)) {
    const numbers = await q.takeRaffleNumbers(r.offerKey, r.count);
    if (!numbers) throw soldOut(r.description);
    await q.insertRaffleNumbers(r.offerKey, r.drawId, r.ticketId, numbers);
  }
  for (const s of byKey(stock.shares)) {
    if (!(await q.takeSyndicateShares(s.offerKey, s.count))) throw soldOut(s.description);
  }
}

/**
 * The transfers paying for `lines` (less `discountCents`): promotional credit first (`fromPromo`
 * of it), then the wallet, into each product type's sales account. Ids are `eventId` of
 * `{eventKey}:{promo|wallet}:{product type}`, so the same purchase moves its money once.
 */
export async function purchaseTransfers(
  tx: DbOrTx,
  args: {
    eventKey: string;
    customerId: string;
    reference: string;
    accounts: Record<'wallet' | 'promo', AccountRow>;
    lines: ChargeLine<CartProductType>[];
    discountCents: number;
    fromPromo: number;
  },
): Promise<TransferInput[]> {
  const ledger = ledgerQueries(tx);
  const debits = purchaseDebits(chargedByKey(args.lines, args.discountCents), args.fromPromo);
  const transfers: TransferInput[] = [];
  for (const d of debits) {
    transfers.push({
      id: eventId(`${args.eventKey}:${d.from}:${d.key}`),
      debitAccountId: args.accounts[d.from].id,
      creditAccountId: await ledger.houseAccount('sales', d.key),
      amountCents: d.cents,
      code: 'purchase',
      customerId: args.customerId,
      reference: args.reference,
      description: d.from === 'promo' ? 'Purchase (promotional credit)' : 'Purchase',
    });
  }
  return transfers;
}

/**
 * Buys one line for the customer outside a cart (a pre-order charged, a recurring purchase bought),
 * in the caller's transaction with the customer's accounts locked: its checkout row, its order and
 * tickets, the ledger transfers from promotional credit then the wallet, and its stock. Answers the
 * order id, or null when the checkout id was bought already (nothing written).
 */
export async function buyLine(
  tx: DbOrTx,
  args: {
    checkoutId: string;
    cartId: string;
    customerId: string;
    line: PurchaseLine;
    amountCents: number;
    purchaseStatus: OrderPurchaseStatus;
    eventKey: string;
    accounts: Record<'wallet' | 'promo', AccountRow>;
    fromPromo: number;
    at: Date;
  },
): Promise<string | null> {
  const { checkoutId, customerId, amountCents, fromPromo } = args;
  const inserted = await checkoutQueries(tx).insertCheckout({
    id: checkoutId,
    customerId,
    cartId: args.cartId,
    cartTotalCents: amountCents,
    paidCents: amountCents,
    fromPromoCents: fromPromo,
    fromWalletCents: amountCents - fromPromo,
    createdAt: args.at,
  });
  if (!inserted) return null;
  const { orderIds, stock } = await writeOrders(tx, {
    customerId,
    checkoutId,
    lines: [args.line],
    purchaseStatus: args.purchaseStatus,
  });
  const transfers = await purchaseTransfers(tx, {
    eventKey: args.eventKey,
    customerId,
    reference: checkoutId,
    accounts: args.accounts,
    lines: [{ key: args.line.productType, cents: amountCents }],
    discountCents: 0,
    fromPromo,
  });
  await ledgerQueries(tx).post(transfers);
  await takeStock(tx, stock);
  const [orderId] = orderIds;
  if (!orderId) throw new Error(`checkout ${checkoutId} wrote no order`);
  return orderId;
}
