/**
 * What a customer is told of a pre-order's charge, once each (a feed entry per source key and its
 * mail): bought, with the receipt mail (`preorder.charged`); or why it was not (`preorder.failed`),
 * unless the pre-order was cancelled meanwhile.
 */
import type { Transaction } from '@drawhouse/db';
import {
  formatMoney,
  isPreOrderFailureReason,
  moneyToCents,
  preOrderBoughtNotice,
  preOrderFailureNotice,
} from '@drawhouse/domain';
import { mailOfNotice, type Notice, noticeSubscriber } from '../feed/index.ts';
import { receiptMail } from '../notifications/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import { receiptLines } from './checkout.mail.ts';
import { createCheckoutService } from './checkout.service.ts';
import { preOrderQueries } from './pre-order.repository.ts';

const money = (m: { amount: number }) => formatMoney(moneyToCents({ amount: m.amount, currency: 'AUD' }));

export function preOrderNoticeSubscriber(deps: { webBaseUrl: string }): Subscriber {
  const checkout = createCheckoutService(() => new Date());

  async function notices(tx: Transaction, event: OutboxEvent): Promise<Notice[]> {
    if (event.type !== 'preorder.charged' && event.type !== 'preorder.failed') return [];
    const t = await preOrderQueries(tx).toTell(event.payload.scheduledPurchaseId);
    if (!t) return [];
    const p = t.purchase;
    const { customerId } = p;
    if (event.type === 'preorder.charged') {
      const { checkoutId } = event.payload;
      const receiptPath = `/receipt/${checkoutId}`;
      const receipt = await checkout.receipt(tx, p.customerId, checkoutId);
      const notice = preOrderBoughtNotice({
        description: p.description,
        drawNo: t.drawNo,
        amountCents: p.amountCents,
        receiptPath,
      });
      const mail = receiptMail({
        firstname: t.firstname,
        total: money(receipt.total),
        paidNow: money(receipt.paidNow),
        lines: receiptLines(receipt),
        receiptUrl: `${deps.webBaseUrl}${receiptPath}`,
      });
      const entry = { customerId, sourceKey: `pre-order-bought:${p.id}`, notice };
      return [{ customerId, to: t.email, entry, mail }];
    }
    const { reason } = event.payload;
    if (p.status !== 'active' || !isPreOrderFailureReason(reason)) return [];
    const notice = preOrderFailureNotice({ description: p.description, drawNo: t.drawNo, reason });
    const mail = mailOfNotice({
      notice,
      firstname: t.firstname,
      webBaseUrl: deps.webBaseUrl,
      fallback: { link: '/my-account/upcoming-tickets', text: 'See my tickets' },
    });
    const entry = { customerId, sourceKey: `pre-order-failed:${p.id}:${reason}`, notice };
    return [{ customerId, to: t.email, entry, mail }];
  }

  return noticeSubscriber('pre-order-notice', notices);
}
