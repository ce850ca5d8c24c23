/**
 * The receipt as the customer reads it: every ticket of every order (the games' numbers, raffle
 * ticket numbers, syndicate shares), what was paid now and how, and the pre-orders charged later.
 * Texts are made on the server.
 */
import type { Money, Receipt, ReceiptOrder, ReceiptTicket, TicketGame } from '@drawhouse/contract';
import { countOf, formatDrawDate, formatMoney, moneyToCents } from '@drawhouse/domain';

export type TicketView = {
  id: string;
  /** "Draw 1523 · Sat 29 Nov 2026, 8:30pm". */
  draw: string;
  /** One line per game: "3 14 22 31 40 · Powerball 7". */
  games: string[];
  /** "Ticket numbers 1, 2, 3". */
  raffleNumbers: string | null;
  /** "2 shares". */
  shares: string | null;
};

export type OrderView = {
  id: string;
  description: string;
  quantity: string | null;
  total: string;
  preOrder: boolean;
  tickets: TicketView[];
};

export type ReceiptView = {
  checkoutId: string;
  date: string;
  orders: OrderView[];
  /** Label and amount, in the order shown. */
  amounts: { label: string; amount: string; testId: string }[];
  /** How the amount charged now was paid. */
  paidWith: { label: string; amount: string; testId: string }[];
  preOrders: { id: string; description: string; draw: string; amount: string }[];
  promoCredit: string | null;
};

function money(value: Money): string {
  return formatMoney(moneyToCents(value), value.currency || 'AUD');
}

function drawText(drawNo: number | null, drawDate: string | null): string {
  const date = drawDate ? new Date(drawDate) : null;
  return [
    drawNo != null ? `Draw ${drawNo}` : null,
    date && !Number.isNaN(date.getTime()) ? formatDrawDate(date) : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

function gameText(game: TicketGame): string {
  const parts = [game.numbers.join(' ')];
  if (game.powerball?.length) parts.push(`Powerball ${game.powerball.join(' ')}`);
  if (game.favourites?.length) parts.push(`Favourites ${game.favourites.join(' ')}`);
  return parts.filter((part) => part !== '').join(' · ');
}

function ticketView(ticket: ReceiptTicket): TicketView {
  return {
    id: ticket.id,
    draw: drawText(ticket.drawNo, ticket.drawDate),
    games: ticket.games.map(gameText).filter((text) => text !== ''),
    raffleNumbers:
      ticket.raffleTicketNumbers.length > 0
        ? `${ticket.raffleTicketNumbers.length === 1 ? 'Ticket number' : 'Ticket numbers'} ${ticket.raffleTicketNumbers.join(', ')}`
        : null,
    shares: ticket.numShares != null && ticket.numShares > 0 ? countOf(ticket.numShares, 'share') : null,
  };
}

function orderView(order: ReceiptOrder): OrderView {
  return {
    id: order.id,
    description: order.description,
    quantity: order.quantity > 1 ? `× ${order.quantity}` : null,
    total: money(order.totalPrice),
    preOrder: order.purchaseStatus === 'pre_order',
    tickets: order.tickets.map(ticketView),
  };
}

const DATE = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Australia/Sydney',
});

export function receiptView(receipt: Receipt): ReceiptView {
  const cents = (m: Money) => moneyToCents(m);
  const amounts = [{ label: 'Total', amount: money(receipt.total), testId: 'receipt-total' }];
  if (cents(receipt.discount) > 0) {
    amounts.push({
      label: receipt.voucherCode ? `Promo ${receipt.voucherCode}` : 'Discount',
      amount: `-${money(receipt.discount)}`,
      testId: 'receipt-discount',
    });
  }
  if (cents(receipt.preOrderTotal) > 0) {
    amounts.push({
      label: 'Pre-orders, charged later',
      amount: money(receipt.preOrderTotal),
      testId: 'receipt-pre-orders',
    });
  }
  amounts.push({ label: 'Paid now', amount: money(receipt.paidNow), testId: 'receipt-paid-now' });
  const { promo, wallet, card } = receipt.paid;
  const currency = receipt.paidNow.currency || 'AUD';
  const paidWith = [
    { label: 'Promotional credit', cents: cents(promo), testId: 'paid-promo' },
    // `wallet` is the balance's own part: the deposit made for the purchase is `card`.
    { label: 'Your balance', cents: cents(wallet), testId: 'paid-balance' },
    { label: receipt.paidBy ?? 'Card', cents: cents(card), testId: 'paid-card' },
  ]
    .filter((line) => line.cents > 0)
    .map((line) => ({ label: line.label, amount: formatMoney(line.cents, currency), testId: line.testId }));
  const created = new Date(receipt.createdAt);
  return {
    checkoutId: receipt.checkoutId,
    date: Number.isNaN(created.getTime()) ? '' : DATE.format(created),
    orders: receipt.orders.map(orderView),
    amounts,
    paidWith,
    preOrders: receipt.scheduledPurchases
      .filter((p) => p.status === 'active')
      .map((p) => ({
        id: p.id,
        description: p.description,
        draw: drawText(p.drawNo, p.drawDate),
        amount: money(p.amount),
      })),
    promoCredit: cents(receipt.promoCreditGranted) > 0 ? money(receipt.promoCreditGranted) : null,
  };
}
