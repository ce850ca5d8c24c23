/**
 * The signed-in customer's orders and tickets: a page of the upcoming or past list, and one order
 * with its tickets. An order the API does not find for this customer (unknown, or another
 * customer's) is the 404 page.
 */
import {
  ORDERS_MAX_PAGE_SIZE,
  ORDERS_PAGE_SIZE,
  OrderDetailsSchema,
  OrderListSchema,
  TicketDetailsSchema,
} from '@drawhouse/contract';
import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { ApiError } from '../../lib/api.server';
import { customerGet, customerRequest } from '../../lib/customer.server';
import { pageCount, pageNumber } from '../../lib/paging';
import type { Visitor } from '../../lib/visitor.server';
import { printableOrders } from './ticket-detail-view';
import { LIST_STATUS, type TicketListKind, ticketListView } from './ticket-list-view';

/** One page (from 1) of the list, with the number of pages; a page past the last is the 404 page. */
async function ordersPage(visitor: Visitor, kind: TicketListKind, page: number) {
  if (page < 1) throw data(null, { status: 404 });
  const envelope = await customerRequest(OrderListSchema, visitor, '/orders', {
    query: { status: LIST_STATUS[kind], limit: ORDERS_PAGE_SIZE, offset: (page - 1) * ORDERS_PAGE_SIZE },
  });
  const total = envelope.pageInfo?.total ?? envelope.result.length;
  const pages = pageCount(total, ORDERS_PAGE_SIZE);
  if (page > pages) throw data(null, { status: 404 });
  return { orders: envelope.result, page, pages };
}

/** A list page's data: the rows of page `param` (none: 1). */
export async function ticketListPage(visitor: Visitor, kind: TicketListKind, param: string | undefined) {
  const { orders, page, pages } = await ordersPage(visitor, kind, pageNumber(param));
  return { list: ticketListView(kind, orders, page, pages) };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
}

/** `GET /v2/orders/{id}?show_details=true`; null when the customer has no such order. */
export async function findOrder(visitor: Visitor, id: string | undefined) {
  const orderId = cleanIdentifier(id);
  if (!orderId) return null;
  try {
    return await customerGet(OrderDetailsSchema, visitor, `/orders/${encodeURIComponent(orderId)}`, {
      query: { show_details: true },
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The order of a ticket (`GET /v2/tickets/{id}`): win emails and feed entries name the ticket,
 * whose page is its order's. Null when the customer has no such ticket.
 */
export async function orderIdOfTicket(visitor: Visitor, id: string | undefined): Promise<string | null> {
  const ticketId = cleanIdentifier(id);
  if (!ticketId) return null;
  try {
    const ticket = await customerGet(
      TicketDetailsSchema,
      visitor,
      `/tickets/${encodeURIComponent(ticketId)}`,
    );
    return ticket.orderId;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The upcoming orders with the tickets still to be drawn (the print page). */
export async function upcomingOrdersWithTickets(visitor: Visitor) {
  const { result } = await customerRequest(OrderListSchema, visitor, '/orders', {
    // At most the API's largest page of orders.
    query: { status: LIST_STATUS.upcoming, limit: ORDERS_MAX_PAGE_SIZE, offset: 0 },
  });
  const orders = await Promise.all(result.map((order) => findOrder(visitor, order.id)));
  return printableOrders(orders.filter((order) => order !== null));
}
