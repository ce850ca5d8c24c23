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
import {
  type ChargeLine,
  chargedByKey,
  purchaseDebits,
  purchaseLineText,
  takesEntriesRiding,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type AccountRow, eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { lottoPartyMoney } from '../lotto-party/index.ts';
import { checkoutQueries, type DrawRow, type NewOrder, type NewTicket } from './checkout.repository.ts';

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
  shares: { offerKey: string; drawId: string; count: number; description: string }[];
  /** Lotto party shares: taken from their session, each with its shares row. */
  sessionShares: {
    sessionId: string;
    orderId: string;
    customerId: string;
    count: number;
    paidCents: number;
    /** The part of `paidCents` paid with promotional credit. */
    promoCents: number;
    description: string;
  }[];
};

/**
 * Lotto party shares paid what the purchase's transfers charged their lines (`charges`, one per
 * order of `orderIds`, from the domain's `lineCharges`): after the discount, part of it perhaps with
 * promotional credit.
 */
export function chargeSessionShares(
  stock: StockToTake,
  orderIds: readonly string[],
  charges: readonly { cents: number; promo: number }[],
): void {
  const byOrder = new Map(orderIds.map((id, i) => [id, charges[i]]));
  for (const share of stock.sessionShares) {
    const charge = byOrder.get(share.orderId);
    if (!charge) continue;
    share.paidCents = charge.cents;
    share.promoCents = charge.promo;
  }
}

/** A lotto party line: shares of a session, which enter no draw as tickets of their own. */
const sessionIdOf = (line: PurchaseLine): string | null =>
  line.productType === 'syndicate_share' && line.payload.gameType === 'lotto_party'
    ? line.payload.sessionId
    : null;

async function drawsOf(tx: DbOrTx, line: PurchaseLine) {
  const q = checkoutQueries(tx);
  if (line.firstDrawNo !== null) return q.drawsFrom(line.productOfferKey, line.firstDrawNo, line.numDraws);
  const first = line.drawId ? await q.drawById(line.drawId) : undefined;
  return first ? q.drawsFrom(line.productOfferKey, first.drawNo, line.numDraws) : [];
}

/** A line's order and a ticket per draw it enters (`drawIds`), with the stock they take. */
function orderOf(
  args: { customerId: string; checkoutId: string; purchaseStatus: OrderPurchaseStatus },
  line: PurchaseLine,
  drawIds: readonly string[],
  into: { orders: NewOrder[]; tickets: NewTicket[]; stock: StockToTake },
): string {
  const orderId = randomUUID();
  into.orders.push({
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
    socialSyndicateId: sessionIdOf(line),
  });
  if (line.productType === 'membership') return orderId;
  const sessionId = sessionIdOf(line);
  if (sessionId !== null && line.productType === 'syndicate_share') {
    into.stock.sessionShares.push({
      sessionId,
      orderId,
      customerId: args.customerId,
      count: line.payload.numShares * line.quantity,
      paidCents: lineCents(line),
      promoCents: 0,
      description: line.payload.description,
    });
    return orderId;
  }
  for (const drawId of drawIds) {
    const ticketId = randomUUID();
    into.tickets.push({
      id: ticketId,
      orderId,
      customerId: args.customerId,
      drawId,
      productOfferKey: line.productOfferKey,
      games: line.productType === 'lottery_ticket' ? line.payload.games : [],
      numShares: line.productType === 'syndicate_share' ? line.payload.numShares * line.quantity : null,
    });
    if (line.productType === 'syndicate_share') {
      const count = line.payload.numShares * line.quantity;
      into.stock.shares.push({
        offerKey: line.productOfferKey,
        drawId,
        count,
        description: line.payload.description,
      });
    }
    if (line.productType === 'raffle_ticket') {
      into.stock.raffleTickets.push({
        offerKey: line.productOfferKey,
        drawId,
        ticketId,
        count: line.payload.numTickets * line.quantity,
        description: line.payload.description,
      });
    }
  }
  return orderId;
}

/**
 * A purchase found entries closed for the draw of some of its lines (the draw, or the lottery draw
 * it rides, closed or past its stop time): nothing is bought, and the cart, built again, takes those
 * lines out and says why.
 */
export const entriesClosed = (descriptions: readonly string[]) =>
  new AppError(
    409,
    'draw_closed',
    `Entries have closed for the draw of ${descriptions.join(', ')}. Nothing was charged: please check your cart and try again.`,
    {
      cart_items: descriptions.map((d) => ({
        code: 'draw_closed',
        message: `Entries have closed for the draw of ${d}.`,
      })),
    },
  );

/** A line would be charged for more draws than are scheduled: it is bought for none. */
export const drawsNotScheduled = (description: string, scheduled: number) =>
  new AppError(
    409,
    'draws_not_scheduled',
    `${description} is for more draws than are scheduled (${scheduled}). Nothing was charged: please choose fewer draws.`,
    { num_draws: [{ code: 'draws_not_scheduled', message: `Only ${scheduled} draws are scheduled.` }] },
  );

/** The draws a purchase locked (`for share`): each one's state, and the draws each rides. */
export type LockedDraws = {
  draws: ReadonlyMap<string, Pick<DrawRow, 'status' | 'stopAt'>>;
  ridden: ReadonlyMap<string, readonly string[]>;
};

/**
 * Refuses lines whose draws, locked until the purchase commits (with the draws they ride), do not
 * take entries at `at`: a close commits before the lock (the purchase reads the closed draw and is
 * refused) or waits for the purchase. A line entering fewer draws than it is charged for is refused
 * too.
 */
export function assertDrawsSelling(
  lines: readonly { line: PurchaseLine; drawIds: readonly string[] }[],
  locked: LockedDraws,
  at: Date,
): void {
  const selling = (id: string) => {
    const draw = locked.draws.get(id);
    const ridden = (locked.ridden.get(id) ?? []).map((r) => locked.draws.get(r));
    return (
      draw !== undefined &&
      ridden.every((r) => r !== undefined) &&
      takesEntriesRiding(
        draw,
        ridden.filter((r) => r !== undefined),
        at,
      )
    );
  };
  const closed = lines.filter(({ line, drawIds }) => !soldInto(line, drawIds).every(selling));
  if (closed.length > 0) throw entriesClosed(closed.map(({ line }) => line.payload.description));
  for (const { line, drawIds } of lines) {
    if (line.productType === 'membership' || sessionIdOf(line) !== null) continue;
    if (drawIds.length < line.numDraws) throw drawsNotScheduled(line.payload.description, drawIds.length);
  }
}

/** The draws a line sells into: its draws, or a lotto party session's draw. */
const soldInto = (line: PurchaseLine, drawIds: readonly string[]): readonly string[] =>
  sessionIdOf(line) !== null && line.drawId ? [line.drawId] : drawIds;

/** Whether a line enters draws as tickets of its own (not a membership, not lotto party shares). */
export const entersDraws = (line: PurchaseLine) =>
  line.productType !== 'membership' && sessionIdOf(line) === null;

/**
 * Each line's order and a ticket per draw it enters (`drawIds`, checked to take entries at `at`
 * under their lock): the rows to write, the orders' ids and the stock to take.
 */
export function ordersOf(
  args: { customerId: string; checkoutId: string; purchaseStatus: OrderPurchaseStatus; at: Date },
  entered: readonly { line: PurchaseLine; drawIds: readonly string[] }[],
  locked: LockedDraws,
): { orders: NewOrder[]; tickets: NewTicket[]; orderIds: string[]; stock: StockToTake } {
  assertDrawsSelling(entered, locked, args.at);
  const into = { orders: [] as NewOrder[], tickets: [] as NewTicket[], stock: emptyStock() };
  const orderIds = entered.map(({ line, drawIds }) => orderOf(args, line, drawIds, into));
  return { ...into, orderIds };
}

/**
 * Writes each line's order and a ticket per draw it enters, once the draws are checked to take
 * entries at `at` (under their lock); answers the orders' ids and the stock to take.
 */
export async function writeOrders(
  tx: DbOrTx,
  args: {
    customerId: string;
    checkoutId: string;
    lines: PurchaseLine[];
    purchaseStatus: OrderPurchaseStatus;
    at: Date;
  },
): Promise<{ orderIds: string[]; stock: StockToTake }> {
  const entered: { line: PurchaseLine; drawIds: string[] }[] = [];
  for (const line of args.lines) {
    entered.push({ line, drawIds: entersDraws(line) ? (await drawsOf(tx, line)).map((d) => d.id) : [] });
  }
  const sold = entered.flatMap(({ line, drawIds }) => soldInto(line, drawIds));
  const locked = await checkoutQueries(tx).lockDrawsSold(sold);
  const planned = ordersOf(args, entered, locked);
  const q = checkoutQueries(tx);
  await q.insertOrders(planned.orders);
  await q.insertTickets(planned.tickets);
  return { orderIds: planned.orderIds, stock: planned.stock };
}

export const emptyStock = (): StockToTake => ({ raffleTickets: [], shares: [], sessionShares: [] });

/**
 * Takes the raffle numbers and syndicate shares sold (each draw's own shares) and lotto party
 * shares (one guarded update of the session each, the buyer's shares row, and membership of a
 * promoted or public group), last in the transaction so the stock rows
 * stay locked as briefly as possible, in key order so two purchases never wait on each other in
 * a cycle. Not enough left: 409 `sold_out` and the whole purchase rolls back.
 */
export async function takeStock(tx: DbOrTx, stock: StockToTake, now: Date = new Date()): Promise<void> {
  const q = checkoutQueries(tx);
  const byKey = <T extends { offerKey: string; drawId: string }>(list: T[]) =>
    [...list].sort((a, b) => a.offerKey.localeCompare(b.offerKey) || a.drawId.localeCompare(b.drawId));
  for (const r of byKey(stock.raffleTickets)) {
    const numbers = await q.takeRaffleNumbers(r.offerKey, r.count);
    if (!numbers) throw soldOut(r.description);
    await q.insertRaffleNumbers(r.offerKey, r.drawId, r.ticketId, numbers);
  }
  for (const s of byKey(stock.shares)) {
    if (!(await q.takeSyndicateShares(s.offerKey, s.drawId, s.count))) throw soldOut(s.description);
  }
  await takeSessionShares(tx, stock.sessionShares, now);
}

/**
 * Lotto party shares: one guarded update of each session (in session order), the buyer's shares row
 * and membership of a promoted or public group. Not enough left: 409 `sold_out`.
 */
export async function takeSessionShares(
  tx: DbOrTx,
  shares: StockToTake['sessionShares'],
  now: Date,
): Promise<void> {
  const party = lottoPartyMoney(tx);
  for (const s of [...shares].sort((a, b) => a.sessionId.localeCompare(b.sessionId))) {
    if (!(await party.takeShares(s.sessionId, s.count, now))) throw soldOut(s.description);
    await party.insertShare({
      sessionId: s.sessionId,
      customerId: s.customerId,
      orderId: s.orderId,
      shares: s.count,
      paidCents: s.paidCents,
      paidPromoCents: s.promoCents,
    });
    await party.joinOpenGroup(s.sessionId, s.customerId);
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
    /** `what`: the line's name as the customer knows it, for the transactions list. */
    lines: (ChargeLine<CartProductType> & { what: string })[];
    discountCents: number;
    fromPromo: number;
  },
): Promise<TransferInput[]> {
  const ledger = ledgerQueries(tx);
  const debits = purchaseDebits(chargedByKey(args.lines, args.discountCents), args.fromPromo);
  const namesOf = (key: CartProductType) => args.lines.filter((l) => l.key === key).map((l) => l.what);
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
      description: purchaseLineText(namesOf(d.key), d.from === 'promo'),
    });
  }
  return transfers;
}

/** One line bought outside a cart: a pre-order charged, a recurring purchase bought. */
export type LineToBuy = {
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
};

const checkoutRowOf = (args: LineToBuy) => ({
  id: args.checkoutId,
  customerId: args.customerId,
  cartId: args.cartId,
  cartTotalCents: args.amountCents,
  paidCents: args.amountCents,
  fromPromoCents: args.fromPromo,
  fromWalletCents: args.amountCents - args.fromPromo,
  createdAt: args.at,
});

const lineTransfers = (tx: DbOrTx, args: LineToBuy) =>
  purchaseTransfers(tx, {
    eventKey: args.eventKey,
    customerId: args.customerId,
    reference: args.checkoutId,
    accounts: args.accounts,
    lines: [{ key: args.line.productType, cents: args.amountCents, what: args.line.payload.description }],
    discountCents: 0,
    fromPromo: args.fromPromo,
  });

/**
 * Buys one line for the customer outside a cart (a pre-order charged, a recurring purchase bought),
 * in the caller's transaction with the customer's accounts locked: its checkout row, its order and
 * tickets, the ledger transfers from promotional credit then the wallet, and its stock. Answers the
 * order id, or null when the checkout id was bought already (nothing written).
 */
export async function buyLine(tx: DbOrTx, args: LineToBuy): Promise<string | null> {
  const inserted = await checkoutQueries(tx).insertCheckout(checkoutRowOf(args));
  if (!inserted) return null;
  const { orderIds, stock } = await writeOrders(tx, {
    customerId: args.customerId,
    checkoutId: args.checkoutId,
    lines: [args.line],
    purchaseStatus: args.purchaseStatus,
    at: args.at,
  });
  await ledgerQueries(tx).post(await lineTransfers(tx, args));
  await takeStock(tx, stock);
  const [orderId] = orderIds;
  if (!orderId) throw new Error(`checkout ${args.checkoutId} wrote no order`);
  return orderId;
}

/** `buyLines` found a checkout bought already: the caller's transaction must roll back. */
export class LineBoughtAlready extends Error {
  constructor(checkoutId: string) {
    super(`checkout ${checkoutId} was bought already`);
    this.name = 'LineBoughtAlready';
  }
}

/**
 * `buyLine` for many lines at once, each its own checkout, in a handful of statements (the recurring
 * purchase processor's batches): for lines that take no stock and enter the one draw they name (or
 * a membership). Answers each checkout's order id. Throws LineBoughtAlready when any checkout id was
 * bought already, and InsufficientBalanceError when an account would overdraw: the caller's
 * transaction rolls back either way.
 */
export async function buyLines(tx: DbOrTx, lines: readonly LineToBuy[]): Promise<Map<string, string>> {
  const orderIds = new Map<string, string>();
  if (lines.length === 0) return orderIds;
  const q = checkoutQueries(tx);
  const inserted = new Set(await q.insertCheckouts(lines.map(checkoutRowOf)));
  const into = { orders: [] as NewOrder[], tickets: [] as NewTicket[], stock: emptyStock() };
  const transfers: TransferInput[] = [];
  for (const args of lines) {
    if (!inserted.has(args.checkoutId)) throw new LineBoughtAlready(args.checkoutId);
    const { line } = args;
    const takesOneDraw = line.numDraws === 1 && line.drawId !== null;
    if (line.productType !== 'membership' && (!takesOneDraw || line.productType !== 'lottery_ticket'))
      throw new Error(`buyLines takes lottery entries of one draw and memberships, not ${line.productType}`);
    const drawIds = line.drawId && line.productType !== 'membership' ? [line.drawId] : [];
    orderIds.set(args.checkoutId, orderOf(args, line, drawIds, into));
    transfers.push(...(await lineTransfers(tx, args)));
  }
  await q.insertOrders(into.orders);
  await q.insertTickets(into.tickets);
  await ledgerQueries(tx).post(transfers);
  return orderIds;
}
