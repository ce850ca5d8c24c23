/**
 * The account's ticket lists (/my-account/upcoming-tickets/{page}, /past-tickets/{page}): an order
 * per row with its draw, what it cost and what it won, and the pages. Texts are made on the server.
 */
import type { DrawSummary, Money, OrderListStatus, OrderSummary } from '@drawhouse/contract';
import { countOf, formatDrawDate, formatMoney, moneyToCents } from '@drawhouse/domain';

export type TicketListKind = 'upcoming' | 'past';

export const LIST_STATUS: Record<TicketListKind, OrderListStatus> = {
  upcoming: 'upcoming_products',
  past: 'past_products',
};

export type TicketRowView = {
  id: string;
  href: string;
  title: string;
  /** "Draw 1523 · Thu 26 Nov 2026, 8:30pm", with "(and 2 more draws)" for a multi-draw order. */
  draw: string;
  bought: string;
  total: string;
  /** "Won $12.50", "No prize", "Prize to be announced", or null while no draw of it has a result. */
  outcome: string | null;
  won: boolean;
  /** Past tickets: the cart replay of the order's checkout ("Buy these again"). */
  replayHref: string | null;
};

/** The cart replay of a past checkout (/cart/replay/{checkoutID}). */
export function replayPath(checkoutId: string): string {
  return `/cart/replay/${encodeURIComponent(checkoutId)}`;
}

export function listPath(kind: TicketListKind, page = 1): string {
  return page === 1 ? `/my-account/${kind}-tickets` : `/my-account/${kind}-tickets/${page}`;
}

export function ticketPath(kind: TicketListKind, orderId: string): string {
  return `/my-account/${kind}-tickets/ticket/${encodeURIComponent(orderId)}`;
}

export function moneyText(value: Money): string {
  return formatMoney(moneyToCents(value), value.currency || 'AUD');
}

function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Draw 1523 · Thu 26 Nov 2026, 8:30pm". */
export function drawText(draw: Pick<DrawSummary, 'drawNo' | 'drawDate'>): string {
  const date = dateOf(draw.drawDate);
  return date ? `Draw ${draw.drawNo} · ${formatDrawDate(date)}` : `Draw ${draw.drawNo}`;
}

const BOUGHT = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Sydney' });

/** "24 Nov 2026" in Sydney. */
export function dayText(iso: string): string {
  const date = dateOf(iso);
  return date ? BOUGHT.format(date) : '';
}

/** What the row says it won: never "No prize" while a division it won waits for its prize. */
function outcomeText(kind: TicketListKind, order: OrderSummary, won: boolean): string | null {
  const wonText = won && order.prize ? `Won ${moneyText(order.prize)}` : null;
  if (order.prizePending) return wonText ? `${wonText}, more to be announced` : 'Prize to be announced';
  return wonText ?? (kind === 'past' ? 'No prize' : null);
}

function rowView(kind: TicketListKind, order: OrderSummary): TicketRowView {
  const draw = kind === 'upcoming' ? (order.nextDraw ?? order.lastDraw) : (order.lastDraw ?? order.nextDraw);
  const more = order.numDraws - 1;
  const drawLine = draw ? drawText(draw) : '';
  const won = order.prize !== null && moneyToCents(order.prize) > 0;
  return {
    id: order.id,
    href: ticketPath(kind, order.id),
    title: order.description || order.offerName,
    draw: more > 0 && drawLine ? `${drawLine} (of ${countOf(order.numDraws, 'draw')})` : drawLine,
    bought: `Bought ${dayText(order.createdAt)}`,
    total: moneyText(order.total),
    outcome: outcomeText(kind, order, won),
    won,
    replayHref: kind === 'past' ? replayPath(order.checkoutId) : null,
  };
}

export type TicketListView = {
  kind: TicketListKind;
  rows: TicketRowView[];
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
};

export function ticketListView(
  kind: TicketListKind,
  orders: readonly OrderSummary[],
  page: number,
  pages: number,
): TicketListView {
  return {
    kind,
    rows: orders.map((order) => rowView(kind, order)),
    page,
    pages,
    previous: page > 1 ? listPath(kind, page - 1) : null,
    next: page < pages ? listPath(kind, page + 1) : null,
  };
}
