/**
 * Telling a customer something once: a feed entry and a mail with the same words. A module describes
 * what an event tells whom (`Notice`s); `noticeSubscriber` makes the outbox subscriber that, in the
 * delivery's transaction, writes each entry (once per customer and source key) and requests its mail
 * only when the entry is new, so a notice told twice is written and mailed once.
 */
import type { Transaction } from '@drawhouse/db';
import { type MailContent, requestMail } from '../notifications/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import { type FeedEntry, feedEntries } from './feed-entries.ts';

/** One customer told one thing: a feed entry (optional) and a mail to `to`. */
export type Notice = { customerId: string; entry?: FeedEntry; to: string; mail: MailContent };

export function noticeSubscriber(
  name: string,
  notices: (tx: Transaction, event: OutboxEvent) => Promise<readonly Notice[]>,
): Subscriber {
  return {
    name,
    runs: 'in-transaction',
    async handle(tx, event) {
      for (const notice of await notices(tx, event)) {
        const isNew = notice.entry ? await feedEntries(tx).add(notice.entry) : true;
        if (isNew) await requestMail(tx, notice.customerId, notice.to, notice.mail);
      }
    },
  };
}
