/**
 * Telling a customer something once: a feed entry and a mail with the same words. A module describes
 * what an event tells whom (`Notice`s); `noticeSubscriber` makes the outbox subscriber that, in the
 * delivery's transaction, writes each entry (once per customer and source key) and requests its mail
 * only when the entry is new, so a notice told twice is written and mailed once. `tellNotices` does
 * the same inside a caller's own subscriber or use case: the entries in bulk, the mails in one
 * request, however many customers are told (every winner of a draw).
 */
import type { DbOrTx, Transaction } from '@drawhouse/db';
import type { WinNotice } from '@drawhouse/domain';
import { type MailContent, noticeMail, requestMails } from '../notifications/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import { type FeedEntry, feedEntries } from './feed-entries.ts';

/** One customer told one thing: a feed entry (optional) and a mail to `to`. */
export type Notice = { customerId: string; entry?: FeedEntry; to: string; mail: MailContent };

const keyOf = (e: { customerId: string; sourceKey: string }) => `${e.customerId}\u0000${e.sourceKey}`;

/** Writes the notices' entries and requests the mails of those whose entry is new (or has none). */
export async function tellNotices(tx: DbOrTx, notices: readonly Notice[]): Promise<void> {
  const entries = notices.flatMap((n) => (n.entry ? [n.entry] : []));
  const written = new Set((await feedEntries(tx).addMany(entries)).map(keyOf));
  const mails = notices.filter((n) => {
    if (!n.entry) return true;
    // An entry written now mails once, even if two notices carry it.
    return written.delete(keyOf(n.entry));
  });
  await requestMails(
    tx,
    mails.map((n) => ({ about: n.customerId, to: n.to, mail: n.mail })),
  );
}

/** A feed entry's mail in the same words, linking to its first action (else to `fallback`). */
export function mailOfNotice(args: {
  notice: WinNotice;
  firstname: string;
  webBaseUrl: string;
  fallback: { link: string; text: string };
}): MailContent {
  const action = args.notice.actions[0];
  return noticeMail({
    firstname: args.firstname,
    title: args.notice.title,
    message: args.notice.message,
    link: `${args.webBaseUrl}${action?.link ?? args.fallback.link}`,
    label: action?.text ?? args.fallback.text,
  });
}

export function noticeSubscriber(
  name: string,
  notices: (tx: Transaction, event: OutboxEvent) => Promise<readonly Notice[]>,
): Subscriber {
  return {
    name,
    runs: 'in-transaction',
    async handle(tx, event) {
      await tellNotices(tx, await notices(tx, event));
    },
  };
}
