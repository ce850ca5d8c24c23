/**
 * `verification-documents-notice` (follows `verification.documents_rejected`): tells the customer
 * their documents were not accepted, with the operator's reason and what to do next, as a feed entry
 * and a mail in the same words. An approval is told by `verification-notice` (`customer.verified`).
 */
import { documentsRejectedNotice, MANUAL_VERIFICATION_PATH } from '@drawhouse/domain';
import { noticeSubscriber } from '../feed/index.ts';
import { noticeMail } from '../notifications/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { verificationRepository } from './verification.repository.ts';

export function documentsNoticeSubscriber(webBaseUrl: string): Subscriber {
  return noticeSubscriber('verification-documents-notice', async (tx, event) => {
    if (event.type !== 'verification.documents_rejected') return [];
    const { customerId, attemptId, method, reason } = event.payload;
    const customer = await verificationRepository(tx).customerToTell(customerId);
    if (!customer) return [];
    const notice = documentsRejectedNotice(method, reason);
    const action = notice.actions[0];
    return [
      {
        customerId,
        entry: { customerId, sourceKey: `verification-documents:${attemptId}`, notice },
        to: customer.email,
        mail: noticeMail({
          firstname: customer.firstname,
          title: notice.title,
          message: notice.message,
          link: `${webBaseUrl}${action?.link ?? MANUAL_VERIFICATION_PATH}`,
          label: action?.text ?? 'Send new documents',
        }),
      },
    ];
  });
}
