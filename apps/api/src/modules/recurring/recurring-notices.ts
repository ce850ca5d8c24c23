/**
 * What a customer is told of a recurring purchase's attempt (`recurring.attempted`): a refusal, once
 * (a feed entry per attempt and reason, and its mail), unless it is the same final refusal as the
 * draw before. A purchase shows among the customer's tickets and orders, and a skip is not told.
 */
import { isRecurringFailureReason, recurringFailureNotice } from '@drawhouse/domain';
import { mailOfNotice, noticeSubscriber } from '../feed/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { recurringProcessorQueries } from './recurring-processor.repository.ts';

export function recurringNoticeSubscriber(deps: { webBaseUrl: string }): Subscriber {
  return noticeSubscriber('recurring-notice', async (tx, event) => {
    if (event.type !== 'recurring.attempted') return [];
    const { attemptId, customerId, status, reason, sameAsLastDraw } = event.payload;
    if (status !== 'soft_failure' && status !== 'hard_failure') return [];
    if (sameAsLastDraw || reason === null || !isRecurringFailureReason(reason)) return [];
    const t = await recurringProcessorQueries(tx).attemptToTell(attemptId);
    if (!t) return [];
    const notice = recurringFailureNotice({ description: t.payload.description, drawNo: t.drawNo, reason });
    const mail = mailOfNotice({
      notice,
      firstname: t.firstname,
      webBaseUrl: deps.webBaseUrl,
      fallback: { link: '/my-account/recurring-purchases/1', text: 'See my recurring purchases' },
    });
    const entry = { customerId, sourceKey: `recurring-failed:${attemptId}:${reason}`, notice };
    return [{ customerId, to: t.email, entry, mail }];
  });
}
