/**
 * The buyers of a cancelled syndicate draw told their refund: a feed entry per share ticket
 * (`syndicate-refund:{ticketId}`, the domain's `syndicateCancelledNotice`) and a mail with the same
 * words. It follows `syndicate.cancelled` (written by the close that refunded them) in the delivery's
 * transaction: the entries in bulk, the mails requested in one statement, each refund marked told,
 * so a buyer is told once however often it runs.
 */
import { syndicateCancelledNotice } from '@drawhouse/domain';
import { type Notice, tellNotices } from '../feed/index.ts';
import { syndicateRefundMail } from '../notifications/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { drawsRepository } from './draws.repository.ts';
import { syndicateFillRepository } from './syndicate-fill.repository.ts';
import { ticketPath, type WinNoticeDeps } from './win-notices.ts';

export const syndicateRefundSourceKey = (ticketId: string) => `syndicate-refund:${ticketId}`;

const TELL_BATCH = 2_000;

export function syndicateRefundNoticesSubscriber(deps: WinNoticeDeps): Subscriber {
  return {
    name: 'syndicate-refund-notices',
    runs: 'in-transaction',
    async handle(tx, event) {
      if (event.type !== 'syndicate.cancelled') return;
      const drawsRepo = drawsRepository(tx);
      const fillRepo = syndicateFillRepository(tx);
      const found = await drawsRepo.drawById(event.payload.drawId);
      if (found?.draw.type !== 'syndicate_share_draw') return;
      for (;;) {
        const refunds = await fillRepo.claimRefundsToTell(found.draw.id, TELL_BATCH);
        if (refunds.length === 0) return;
        const notices = refunds.map((refund): Notice => {
          const notice = syndicateCancelledNotice({
            offerName: found.offer.name,
            drawNo: found.draw.drawNo,
            refundCents: Number(refund.refund_cents),
            ticketPath: ticketPath(refund.ticket_id),
          });
          return {
            customerId: refund.customer_id,
            entry: {
              customerId: refund.customer_id,
              sourceKey: syndicateRefundSourceKey(refund.ticket_id),
              notice,
            },
            to: refund.email,
            mail: syndicateRefundMail({
              firstname: refund.firstname,
              title: notice.title,
              message: notice.message,
              ticketUrl: `${deps.webBaseUrl}${ticketPath(refund.ticket_id)}`,
            }),
          };
        });
        await tellNotices(tx, notices);
        await fillRepo.markRefundsTold(
          refunds.map((r) => r.ticket_id),
          deps.now(),
        );
      }
    },
  };
}
