/** The `verification-reminder` subscriber: a reminder told as a feed entry and a mail, once each. */
import { VERIFY_ACCOUNT_PATH, verificationReminderNotice } from '@drawhouse/domain';
import { noticeSubscriber } from '../feed/index.ts';
import { noticeMail } from '../notifications/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { verificationRepository } from './verification.repository.ts';

export function verificationReminderSubscriber(webBaseUrl: string): Subscriber {
  return noticeSubscriber('verification-reminder', async (tx, event) => {
    if (event.type !== 'verification.reminder') return [];
    const { customerId, days, deadline } = event.payload;
    const customer = await verificationRepository(tx).customerToTell(customerId);
    if (!customer || (await verificationRepository(tx).lockCustomer(customerId))?.verifiedAt) return [];
    const notice = verificationReminderNotice(new Date(deadline));
    return [
      {
        customerId,
        entry: { customerId, sourceKey: `verification-reminder:${customerId}:${days}`, notice },
        to: customer.email,
        mail: noticeMail({
          firstname: customer.firstname,
          title: notice.title,
          message: notice.message,
          link: `${webBaseUrl}${VERIFY_ACCOUNT_PATH}`,
          label: 'Verify my account',
        }),
      },
    ];
  });
}
