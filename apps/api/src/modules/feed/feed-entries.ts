/**
 * Writing to the notifications feed, for the modules that announce something (wins, pre-orders,
 * recurring purchases). Each entry is written once per (customer, source key), so an announcement
 * run twice adds nothing.
 */
import type { DbOrTx } from '@drawhouse/db';
import type { WinNotice } from '@drawhouse/domain';
import { feedRepository } from './feed.repository.ts';

export type FeedEntry = { customerId: string; sourceKey: string; notice: WinNotice };

const rowOf = ({ customerId, sourceKey, notice }: FeedEntry) => ({
  customerId,
  sourceKey,
  title: notice.title,
  icon: notice.icon,
  message: notice.message,
  isAutoDismissed: notice.isAutoDismissed,
  actions: notice.actions,
});

export function feedEntries(db: DbOrTx) {
  const repo = feedRepository(db);
  return {
    /** Adds one entry; answers whether it was written now (false: it was there already). */
    add: (entry: FeedEntry): Promise<boolean> => repo.insertOnce(rowOf(entry)),
    /** Adds entries in bulk; answers the (customer, source key) of those written now. */
    addMany: (entries: readonly FeedEntry[]) => repo.insertManyOnce(entries.map(rowOf)),
  };
}
