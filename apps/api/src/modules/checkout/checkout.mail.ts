/**
 * The receipt email: a subscriber of `checkout.completed`, so it is sent only for a purchase that
 * committed, never inside its transaction, and a mail failure is retried without touching the
 * purchase.
 */
import type { Receipt } from '@drawhouse/contract';
import { formatMoney, moneyToCents } from '@drawhouse/domain';
import type { AppDeps } from '../../http/types.ts';
import { receiptMail, requestMail } from '../notifications/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { checkoutQueries } from './checkout.repository.ts';
import { createCheckoutService } from './checkout.service.ts';

const money = (m: { amount: number }) => formatMoney(moneyToCents({ amount: m.amount, currency: 'AUD' }));

/**
 * The receipt in words: each order with its price (once, whatever the number of draws) and then each
 * of its tickets, the pre-orders, any discount, how the amount was paid (promotional credit, the
 * balance, the card or other method by name) and any promotional credit the purchase added.
 */
export function receiptLines(receipt: Receipt): string[] {
  const lines: string[] = [];
  for (const order of receipt.orders) {
    const draws = order.numDraws > 1 ? ` for ${order.numDraws} draws` : '';
    lines.push(`${order.description}: ${money(order.totalPrice)}${draws}.`);
    for (const ticket of order.tickets) {
      const games = ticket.games.map((g) =>
        [g.numbers.join(' '), g.powerball?.length ? `PB ${g.powerball.join(' ')}` : '']
          .filter(Boolean)
          .join(' | '),
      );
      const what =
        ticket.raffleTicketNumbers.length > 0
          ? `ticket numbers ${ticket.raffleTicketNumbers.join(', ')}`
          : ticket.numShares !== null
            ? `${ticket.numShares} share${ticket.numShares === 1 ? '' : 's'}`
            : games.join('; ');
      lines.push(`  Draw ${ticket.drawNo}: ${what}.`);
    }
  }
  for (const p of receipt.scheduledPurchases) {
    lines.push(`Pre-order: ${p.description} (${money(p.amount)}, charged when its draw opens).`);
  }
  const cents = (m: { amount: number }) => moneyToCents({ amount: m.amount, currency: 'AUD' });
  if (cents(receipt.discount) > 0) {
    const what = receipt.voucherCode ? `Discount (${receipt.voucherCode})` : 'Discount';
    lines.push(`${what}: -${money(receipt.discount)}.`);
  }
  const { promo, wallet, card } = receipt.paid;
  if (cents(promo) > 0) lines.push(`Paid with promotional credit: ${money(promo)}.`);
  if (cents(wallet) > 0) lines.push(`Paid from your balance: ${money(wallet)}.`);
  if (cents(card) > 0) lines.push(`Paid by ${receipt.paidBy ?? 'card'}: ${money(card)}.`);
  if (cents(receipt.promoCreditGranted) > 0) {
    lines.push(`${money(receipt.promoCreditGranted)} of promotional credit was added to your balance.`);
  }
  return lines;
}

/**
 * The receipt mail: follows `checkout.completed` once the purchase has committed, rendered in the
 * delivery's transaction and requested there (`mail.requested`: the mail subscriber sends it).
 */
export function receiptMailSubscriber(deps: Pick<AppDeps, 'webBaseUrl'>): Subscriber {
  const service = createCheckoutService(() => new Date());
  return {
    name: 'receipt-mail',
    runs: 'in-transaction',
    async handle(tx, event) {
      if (event.type !== 'checkout.completed') return;
      const { customerId, checkoutId } = event.payload;
      const contact = await checkoutQueries(tx).customerContact(customerId);
      if (!contact) return;
      const receipt = await service.receipt(tx, customerId, checkoutId);
      const mail = receiptMail({
        firstname: contact.firstname,
        total: money(receipt.total),
        paidNow: money(receipt.paidNow),
        lines: receiptLines(receipt),
        receiptUrl: `${deps.webBaseUrl}/receipt/${checkoutId}`,
      });
      await requestMail(tx, customerId, contact.email, mail);
    },
  };
}
