/**
 * The one way a module tells customers about something once: a notifications feed entry and a mail
 * with the same words, after the change itself has committed. Items not told yet are claimed in
 * batches (the caller's query locks them, `for update skip locked`, so several workers share the
 * work); each item's feed entry is written once per source key and, when it is new, its mail is
 * sent; then the batch's told marker is saved and the batch commits. A mail that fails rolls its
 * batch back for the next run, so none is lost; a crash between a mail and the commit can send that
 * mail twice.
 */
import type { Database, Transaction } from '@drawhouse/db';
import type { MailContent, Mailer } from '../notifications/index.ts';
import { type FeedEntry, feedEntries } from './feed-entries.ts';

const TELL_BATCH = 200;

export type Told = { entry: FeedEntry; to: string; mail: MailContent };

export type Telling<T> = {
  /** Up to `limit` items not told yet, locked for this transaction. */
  claim: (tx: Transaction, limit: number) => Promise<T[]>;
  /** What one item says, and to whom; undefined tells nothing (and still marks it told). */
  tell: (tx: Transaction, item: T) => Promise<Told | undefined> | Told | undefined;
  /** Records that the batch was told, in the same transaction. */
  markTold: (tx: Transaction, items: T[]) => Promise<void>;
};

/** Tells one batch; answers how many items it claimed. */
export async function tellBatch<T>(db: Database, mailer: Mailer, telling: Telling<T>): Promise<number> {
  return db.transaction(async (tx) => {
    const items = await telling.claim(tx, TELL_BATCH);
    for (const item of items) {
      const told = await telling.tell(tx, item);
      if (told && (await feedEntries(tx).add(told.entry))) {
        await mailer.send({ to: told.to, ...told.mail });
      }
    }
    if (items.length > 0) await telling.markTold(tx, items);
    return items.length;
  });
}

/** Tells every item not told yet, batch after batch; answers how many. */
export async function tellAll<T>(db: Database, mailer: Mailer, telling: Telling<T>): Promise<number> {
  let total = 0;
  for (let n = await tellBatch(db, mailer, telling); n > 0; n = await tellBatch(db, mailer, telling)) {
    total += n;
  }
  return total;
}
