/** The notifications feed: a page newest first with the unviewed count, viewed up to now, dismissed one by one. */
import type { FeedNotification, NotificationFeed, PageInfo } from '@drawhouse/contract';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../results/index.ts';
import type { FeedRepository, NotificationRow } from './feed.repository.ts';

function view(row: NotificationRow): FeedNotification {
  return {
    id: row.id,
    title: row.title,
    icon: row.icon,
    message: row.message,
    isAutoDismissed: row.isAutoDismissed,
    actions: row.actions.map((a) => ({ id: a.id, text: a.text, link: a.link, deepLink: a.deepLink })),
    createdAt: row.createdAt.toISOString(),
    viewed: row.viewedAt !== null,
  };
}

export function createFeedService(repo: FeedRepository, now: () => Date) {
  return {
    async feed(
      customerId: string,
      limit: number,
      offset: number,
    ): Promise<{ result: NotificationFeed; pageInfo: PageInfo }> {
      const page = await repo.page(customerId, limit, offset);
      return {
        result: { notifications: page.rows.map(view), unviewedCount: page.unviewedCount },
        pageInfo: { limit, offset, total: page.total },
      };
    },

    async viewed(customerId: string) {
      const marked = await repo.markViewed(customerId, now());
      return { marked, unviewedCount: await repo.unviewed(customerId) };
    },

    async dismiss(customerId: string, id: string) {
      const found = isUuid(id) && (await repo.dismiss(customerId, id, now()));
      if (!found)
        throw notFound('notification_not_found', 'There is no notification with this id in your feed.');
      return { unviewedCount: await repo.unviewed(customerId) };
    },
  };
}
