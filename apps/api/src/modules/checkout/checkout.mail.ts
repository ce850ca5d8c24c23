/**
 * The receipt email, sent after the purchase has committed and never inside its transaction: a mail
 * failure is logged and never undoes a purchase. It reads the committed receipt, so a purchase that
 * rolled back sends nothing.
 */
import type { Receipt } from '@drawhouse/contract';
import { formatMoney, moneyToCents } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { receiptMail } from '../notifications/index.ts';
import { checkoutQueries } from './checkout.repository.ts';
import type { CheckoutService } from './checkout.service.ts';

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

export type CheckoutMail = { sendReceipt: (customerId: string, checkoutId: string) => void };

/** How long the mail waits for a purchase made inside another module's transaction to commit. */
const COMMIT_WAIT_MS = [0, 100, 400, 1500];

export function createCheckoutMail(app: FastifyInstance, service: CheckoutService): CheckoutMail {
  /** The receipt once its purchase has committed; undefined if it never does (it rolled back). */
  async function committedReceipt(customerId: string, checkoutId: string): Promise<Receipt | undefined> {
    for (const wait of COMMIT_WAIT_MS) {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        return await service.receipt(app.deps.db, customerId, checkoutId);
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 404) throw error;
      }
    }
    return undefined;
  }

  return {
    sendReceipt(customerId, checkoutId) {
      app.accounts.ctx.outbox.defer(`receipt mail: ${checkoutId}`, async () => {
        const contact = await checkoutQueries(app.deps.db).customerContact(customerId);
        const receipt = await committedReceipt(customerId, checkoutId);
        if (!contact || !receipt) return;
        const mail = receiptMail({
          firstname: contact.firstname,
          total: money(receipt.total),
          paidNow: money(receipt.paidNow),
          lines: receiptLines(receipt),
          receiptUrl: `${app.deps.webBaseUrl}/receipt/${checkoutId}`,
        });
        await app.deps.mailer.send({ to: contact.email, ...mail });
      });
    },
  };
}
