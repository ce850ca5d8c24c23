/**
 * The signed-in customer's orders and tickets, the offers to buy again, and the customer's own
 * results. Read only; every lookup is bound to the customer, so another customer's id is 404.
 */
import type {
  CustomerPastDraw,
  OrderDetails,
  OrderListStatus,
  OrderSummary,
  RecommendedOrder,
  TicketDetails,
} from '@drawhouse/contract';
import { notFound } from '../../http/errors.ts';
import {
  type DrawRecord,
  drawSummary,
  isPublished,
  isUuid,
  type Page,
  type ResultsRepository,
  type ResultsService,
} from '../results/index.ts';
import type { OrderRow, OrdersRepository, TicketRow } from './orders.repository.ts';
import { orderSummary, ticketDetails } from './orders.view.ts';

/** Recommended: offers bought in this many days (memberships aside) whose next draw is on sale. */
export const RECOMMENDED_SINCE_DAYS = 180;
export const RECOMMENDED_MAX = 6;

const unknownOrder = () => notFound('order_not_found', 'There is no order with this id in your account.');
const unknownTicket = () => notFound('ticket_not_found', 'There is no ticket with this id in your account.');

export function createOrdersService(deps: {
  orders: OrdersRepository;
  results: ResultsRepository;
  resultsService: ResultsService;
  now: () => Date;
}) {
  const { orders: repo, results } = deps;

  /** Tickets with their orders, draws and facts, as ticket details. */
  async function detailsOf(
    customerId: string,
    ticketRows: readonly TicketRow[],
    knownOrders: readonly OrderRow[] = [],
  ) {
    const missing = [...new Set(ticketRows.map((t) => t.orderId))].filter(
      (id) => !knownOrders.some((o) => o.id === id),
    );
    const [more, records, facts] = await Promise.all([
      repo.ordersById(customerId, missing),
      results.drawsById([...new Set(ticketRows.map((t) => t.drawId))]),
      repo.ticketFacts(ticketRows),
    ]);
    const orderById = new Map([...knownOrders, ...more].map((o) => [o.id, o]));
    const recordById = new Map(records.map((r) => [r.draw.id, r]));
    return ticketRows.flatMap((ticket) => {
      const order = orderById.get(ticket.orderId);
      const record = recordById.get(ticket.drawId);
      return order && record ? [ticketDetails(ticket, order, record, facts)] : [];
    });
  }

  async function summaries(customerId: string, rows: readonly OrderRow[]) {
    const ticketRows = await repo.ticketsOfOrders(
      customerId,
      rows.map((o) => o.id),
    );
    const [records, facts, names] = await Promise.all([
      results.drawsById([...new Set(ticketRows.map((t) => t.drawId))]),
      repo.ticketFacts(ticketRows),
      repo.offerNames([...new Set(rows.map((o) => o.productOfferKey))]),
    ]);
    const recordById = new Map(records.map((r) => [r.draw.id, r]));
    return {
      ticketRows,
      items: rows.map((order) =>
        orderSummary(
          order,
          names.get(order.productOfferKey) ?? order.description,
          ticketRows,
          recordById,
          facts,
        ),
      ),
    };
  }

  async function withTickets(customerId: string, draws: readonly DrawRecord[]): Promise<CustomerPastDraw[]> {
    const [past, ticketRows] = await Promise.all([
      deps.resultsService.pastDrawsOf(draws),
      repo.ticketsInDraws(
        customerId,
        draws.map((d) => d.draw.id),
      ),
    ]);
    const details = await detailsOf(customerId, ticketRows);
    return past.map((draw) => ({ ...draw, tickets: details.filter((t) => t.draw.drawId === draw.drawId) }));
  }

  return {
    async list(
      customerId: string,
      status: OrderListStatus,
      limit: number,
      offset: number,
    ): Promise<Page<OrderSummary>> {
      const page = await repo.orders(customerId, status, limit, offset);
      const { items } = await summaries(customerId, page.rows);
      return { items, pageInfo: { limit, offset, total: page.total } };
    },

    async order(customerId: string, orderId: string, showDetails: boolean): Promise<OrderDetails> {
      const order = isUuid(orderId) ? await repo.order(customerId, orderId) : undefined;
      if (!order) throw unknownOrder();
      const { items, ticketRows } = await summaries(customerId, [order]);
      const summary = items[0];
      if (!summary) throw unknownOrder();
      return { ...summary, tickets: showDetails ? await detailsOf(customerId, ticketRows, [order]) : [] };
    },

    async ticket(customerId: string, ticketId: string): Promise<TicketDetails> {
      const ticket = isUuid(ticketId) ? await repo.ticket(customerId, ticketId) : undefined;
      const [details] = ticket ? await detailsOf(customerId, [ticket]) : [];
      if (!details) throw unknownTicket();
      return details;
    },

    async recommended(customerId: string): Promise<RecommendedOrder[]> {
      const now = deps.now();
      const since = new Date(now.getTime() - RECOMMENDED_SINCE_DAYS * 86_400_000);
      const rows = await repo.recommended(customerId, since, now, RECOMMENDED_MAX);
      const records = new Map(
        (await results.drawsById(rows.map((r) => r.nextDrawId))).map((r) => [r.draw.id, r]),
      );
      return rows.flatMap(({ order, nextDrawId }) => {
        const next = records.get(nextDrawId);
        if (!next) return [];
        const payload = order.payload as Record<string, unknown>;
        return [
          {
            productOfferKey: order.productOfferKey,
            offerName: next.offer.name,
            productType: order.productType,
            lotteryKey: next.offer.lotteryKey,
            url: next.offer.url,
            lastOrderId: order.id,
            lastOrderedAt: order.createdAt.toISOString(),
            description: order.description,
            gameType: typeof payload.gameType === 'string' ? payload.gameType : null,
            numGames: typeof payload.numGames === 'number' ? payload.numGames : null,
            nextDraw: drawSummary(next),
          },
        ];
      });
    },

    async pastCustomer(
      customerId: string,
      offerKey: string,
      limit: number,
      offset: number,
    ): Promise<Page<CustomerPastDraw>> {
      await deps.resultsService.knownOffer(offerKey);
      const page = await results.customerPastDraws(offerKey, customerId, limit, offset);
      return {
        items: await withTickets(customerId, page.records),
        pageInfo: { limit, offset, total: page.total },
      };
    },

    async fullResultCustomer(
      customerId: string,
      offerKey: string,
      drawNo: string,
    ): Promise<CustomerPastDraw> {
      const record = await deps.resultsService.knownDraw(offerKey, drawNo);
      const [draw] = isPublished(record) ? await withTickets(customerId, [record]) : [];
      if (!draw) throw notFound('results_not_published', 'The results of this draw are not published yet.');
      return draw;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
