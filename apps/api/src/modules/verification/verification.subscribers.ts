/**
 * What follows a verification (outbox/outbox.subscriptions.ts says which events each follows): the
 * `identity-check` asks the identity source for the answer of a check that answered later (on the
 * network, so outside a transaction; finishing it is once only, however often it runs), and the
 * `verification-notice` tells the customer the outcome, as a feed entry and a mail in the same words.
 */
import { notVerifiedNotice, VERIFY_ACCOUNT_PATH, verifiedNotice } from '@drawhouse/domain';
import { noticeSubscriber } from '../feed/index.ts';
import { noticeMail } from '../notifications/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { verificationRepository } from './verification.repository.ts';
import type { VerificationService } from './verification.service.ts';

export function verificationSubscribers(args: {
  service: VerificationService;
  webBaseUrl: string;
  depositCapCents: number;
}): Subscriber[] {
  return [
    {
      name: 'identity-check',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'verification.started') return;
        await args.service.finishLate(event.payload.attemptId);
      },
    },
    noticeSubscriber('verification-notice', async (tx, event) => {
      if (event.type !== 'customer.verified' && event.type !== 'customer.verification_failed') return [];
      const { customerId, attemptId } = event.payload;
      const customer = await verificationRepository(tx).customerToTell(customerId);
      if (!customer) return [];
      const verified = event.type === 'customer.verified';
      const notice = verified
        ? verifiedNotice(args.depositCapCents)
        : notVerifiedNotice(event.payload.reason, event.payload.nextMethodTitle);
      const action = notice.actions[0];
      return [
        {
          customerId,
          entry: { customerId, sourceKey: `verification:${attemptId}`, notice },
          to: customer.email,
          mail: noticeMail({
            firstname: customer.firstname,
            title: notice.title,
            message: notice.message,
            link: `${args.webBaseUrl}${action?.link ?? VERIFY_ACCOUNT_PATH}`,
            label: action?.text ?? 'My account',
          }),
        },
      ];
    }),
  ];
}
