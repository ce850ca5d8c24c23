/**
 * The receipt of a checkout (API 3.4) from its stored rows: orders with a ticket per draw (games,
 * raffle ticket numbers, shares), pre-orders, how it was paid, and what analytics records of it.
 */
import type {
  Receipt,
  ReceiptOrder,
  ReceiptTicket,
  ScheduledPurchaseView,
  TicketGame,
  TrackingProduct,
} from '@drawhouse/contract';
import {
  centsToMoney,
  numbersInPickedOrder,
  SYDNEY_TIME_ZONE,
  ticketNumbers,
  WEEKDAY_NAMES,
  weekdayOf,
  zonedParts,
} from '@drawhouse/domain';
import type {
  CheckoutRow,
  DrawRow,
  OfferInfo,
  OrderRow,
  ScheduledPurchaseRow,
  TicketRow,
} from './checkout.repository.ts';

type ReceiptDraw = Pick<DrawRow, 'drawNo' | 'drawAt' | 'prizePoolCents' | 'isPrizePoolUnknown'>;
type ReceiptOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'description'
  | 'productType'
  | 'productOfferKey'
  | 'quantity'
  | 'unitPriceCents'
  | 'totalCents'
  | 'numDraws'
  | 'purchaseStatus'
  | 'payload'
  | 'recurringPurchase'
>;

/**
 * What a receipt shows of a checkout, as stored (read back, or as the purchase writes it): orders in
 * (created, id) order, their tickets with their draws by draw time then id, raffle numbers, pre-orders
 * and the offers' names.
 */
export type ReceiptRows = {
  orders: ReceiptOrderRow[];
  tickets: { ticket: Pick<TicketRow, 'id' | 'orderId' | 'games' | 'numShares'>; draw: ReceiptDraw }[];
  numbers: { ticketId: string; number: number }[];
  scheduled: {
    purchase: Pick<
      ScheduledPurchaseRow,
      | 'id'
      | 'kind'
      | 'status'
      | 'description'
      | 'productType'
      | 'productOfferKey'
      | 'numDraws'
      | 'amountCents'
      | 'payload'
    >;
    draw: ReceiptDraw | null;
  }[];
  offers: OfferInfo[];
};

export type ReceiptCheckout = Pick<
  CheckoutRow,
  | 'id'
  | 'createdAt'
  | 'cartTotalCents'
  | 'discountCents'
  | 'preOrderTotalCents'
  | 'paidCents'
  | 'fromPromoCents'
  | 'fromWalletCents'
  | 'voucherCode'
  | 'promoCreditCents'
>;

const ANALYTICS_PRODUCT_TYPES: Record<OrderRow['productType'], string> = {
  lottery_ticket: 'lottery ticket',
  raffle_ticket: 'raffle ticket',
  syndicate_share: 'syndicate share',
  membership: 'membership',
};

/** A stored game (picked numbers by set name) as the receipt shows it. */
function ticketGame(game: Record<string, number[]>, inPickedOrder: boolean): TicketGame {
  const { numbers = [], powerball, favourites } = game;
  return {
    numbers: ticketNumbers(numbers, inPickedOrder),
    ...(powerball ? { powerball } : {}),
    ...(favourites ? { favourites: ticketNumbers(favourites, inPickedOrder) } : {}),
  };
}

function weekdayName(at: Date): string {
  const p = zonedParts(at, SYDNEY_TIME_ZONE);
  return WEEKDAY_NAMES[weekdayOf(p.year, p.month, p.day)] ?? '';
}

type PayloadFacts = {
  causeKey: string | null;
  games: Record<string, number[]>[];
  variant: string | null;
};

function payloadFacts(row: Pick<OrderRow, 'productType' | 'payload'>): PayloadFacts {
  const p = row.payload as Record<string, unknown>;
  const causeKey = typeof p.causeKey === 'string' ? p.causeKey : null;
  const games = Array.isArray(p.games) ? (p.games as Record<string, number[]>[]) : [];
  if (row.productType === 'raffle_ticket') {
    return { causeKey, games: [], variant: `book_${String(p.numTickets ?? '')}` };
  }
  const variant =
    typeof p.gameOffer === 'string' ? p.gameOffer : typeof p.gameType === 'string' ? p.gameType : null;
  return { causeKey, games, variant };
}

function trackingProduct(
  order: Pick<
    OrderRow,
    'productType' | 'productOfferKey' | 'description' | 'numDraws' | 'payload' | 'recurringPurchase'
  >,
  extra: {
    name: string;
    priceCents: number;
    purchaseStatus: 'standard' | 'pre_order';
    draws: Pick<DrawRow, 'drawNo' | 'drawAt' | 'prizePoolCents' | 'isPrizePoolUnknown'>[];
  },
): TrackingProduct {
  const facts = payloadFacts(order);
  const first = extra.draws[0];
  const analyticsProductType = ANALYTICS_PRODUCT_TYPES[order.productType];
  return {
    brand: extra.name,
    analyticsProductType,
    causeKey: facts.causeKey,
    productDescription: order.description,
    drawDate: first ? first.drawAt.toISOString() : null,
    drawNo: first?.drawNo ?? null,
    hasFavouriteNumbers: facts.games.some((g) => (g.favourites?.length ?? 0) > 0),
    analyticsName: `${extra.name} ${analyticsProductType}`,
    numDraws: order.numDraws,
    numGames: order.productType === 'lottery_ticket' ? facts.games.length : null,
    purchasePrice: centsToMoney(extra.priceCents),
    prizePool:
      first && first.prizePoolCents !== null && !first.isPrizePoolUnknown
        ? centsToMoney(first.prizePoolCents)
        : null,
    lotteryKey: order.productOfferKey,
    recurringPurchaseEnabled: order.recurringPurchase?.enabled ?? false,
    recurringPurchaseType: order.recurringPurchase?.type ?? null,
    analyticsVariant: facts.variant,
    purchaseStatus: extra.purchaseStatus,
    daysOfWeek: [...new Set(extra.draws.map((d) => weekdayName(d.drawAt)))],
  };
}

/**
 * The receipt. `depositCents`: what the deposit made for this checkout brought in (the card's part;
 * it went through the wallet). `firstPurchase`: no earlier checkout of the customer.
 */
export function receiptOf(
  checkout: ReceiptCheckout,
  rows: ReceiptRows,
  facts: { depositCents: number; paidBy: string | null; firstPurchase: boolean },
): Receipt {
  const names = new Map(rows.offers.map((o) => [o.key, o.name]));
  const numbersByTicket = new Map<string, number[]>();
  for (const n of rows.numbers) {
    const list = numbersByTicket.get(n.ticketId) ?? [];
    list.push(n.number);
    numbersByTicket.set(n.ticketId, list);
  }
  const ticketsByOrder = new Map<string, (typeof rows.tickets)[number][]>();
  for (const t of rows.tickets) {
    const list = ticketsByOrder.get(t.ticket.orderId) ?? [];
    list.push(t);
    ticketsByOrder.set(t.ticket.orderId, list);
  }

  const products: TrackingProduct[] = [];
  const orders: ReceiptOrder[] = rows.orders.map((order) => {
    const own = ticketsByOrder.get(order.id) ?? [];
    const gameType = 'gameType' in order.payload ? order.payload.gameType : null;
    const inPickedOrder = numbersInPickedOrder(order.productOfferKey, gameType);
    const tickets: ReceiptTicket[] = own.map(({ ticket, draw }) => ({
      id: ticket.id,
      drawNo: draw.drawNo,
      drawDate: draw.drawAt.toISOString(),
      games: ticket.games.map((game) => ticketGame(game, inPickedOrder)),
      raffleTicketNumbers: numbersByTicket.get(ticket.id) ?? [],
      numShares: ticket.numShares,
    }));
    const name = names.get(order.productOfferKey) ?? order.productOfferKey;
    products.push(
      trackingProduct(order, {
        name,
        priceCents: order.totalCents,
        purchaseStatus: order.purchaseStatus,
        draws: own.map((t) => t.draw),
      }),
    );
    return {
      id: order.id,
      description: order.description,
      productType: order.productType,
      lotteryKey: order.productOfferKey,
      quantity: order.quantity,
      unitPrice: centsToMoney(order.unitPriceCents),
      totalPrice: centsToMoney(order.totalCents),
      numDraws: order.numDraws,
      purchaseStatus: order.purchaseStatus,
      draws: own.map(({ draw }) => ({ drawNo: draw.drawNo, drawDate: draw.drawAt.toISOString() })),
      tickets,
    };
  });

  const scheduledPurchases: ScheduledPurchaseView[] = rows.scheduled.map(({ purchase, draw }) => {
    const name = names.get(purchase.productOfferKey) ?? purchase.productOfferKey;
    products.push(
      trackingProduct(
        { ...purchase, recurringPurchase: null },
        { name, priceCents: purchase.amountCents, purchaseStatus: 'pre_order', draws: draw ? [draw] : [] },
      ),
    );
    return {
      id: purchase.id,
      kind: purchase.kind,
      status: purchase.status,
      description: purchase.description,
      productType: purchase.productType,
      lotteryKey: purchase.productOfferKey,
      drawNo: draw?.drawNo ?? null,
      drawDate: draw ? draw.drawAt.toISOString() : null,
      numDraws: purchase.numDraws,
      amount: centsToMoney(purchase.amountCents),
    };
  });

  const total = checkout.cartTotalCents - checkout.discountCents;
  const paid = centsToMoney(checkout.paidCents);
  const cardCents = Math.min(facts.depositCents, checkout.fromWalletCents);
  const goals = [{ name: 'purchase', value: paid }];
  if (facts.firstPurchase) goals.push({ name: 'first_purchase', value: paid });
  return {
    checkoutId: checkout.id,
    createdAt: checkout.createdAt.toISOString(),
    total: centsToMoney(Math.max(total, 0)),
    discount: centsToMoney(checkout.discountCents),
    preOrderTotal: centsToMoney(checkout.preOrderTotalCents),
    paidNow: paid,
    paid: {
      promo: centsToMoney(checkout.fromPromoCents),
      wallet: centsToMoney(checkout.fromWalletCents - cardCents),
      card: centsToMoney(cardCents),
    },
    paidBy: cardCents > 0 ? facts.paidBy : null,
    voucherCode: checkout.voucherCode,
    promoCreditGranted: centsToMoney(checkout.promoCreditCents),
    orders,
    scheduledPurchases,
    trackingData: { products, goals },
  };
}
