/**
 * The notifications feed as the customer reads it: each entry's title, icon, message, when it came
 * and its actions (links on this site only), which entries are new, and the header button's name.
 */
import type { FeedNotification, NotificationFeed } from '@drawhouse/contract';

export type FeedIcon = 'trophy' | 'ticket' | 'wallet' | 'bell';

export type FeedActionView = { id: string; text: string; href: string };

export type FeedEntryView = {
  id: string;
  title: string;
  icon: FeedIcon;
  message: string;
  /** "24 Nov, 9:41pm" in Sydney. */
  time: string;
  unviewed: boolean;
  autoDismissed: boolean;
  actions: FeedActionView[];
};

export type FeedView = {
  entries: FeedEntryView[];
  unviewedCount: number;
  total: number;
  page: number;
  pages: number;
  /** The feed page's address of the previous and next pages (page 1 without a number). */
  previous: string | null;
  next: string | null;
};

/** The feed's own page (the header's drawer shows its first page). */
export const FEED_PATH = '/my-account/notifications';

export function feedPagePath(page: number): string {
  return page === 1 ? FEED_PATH : `${FEED_PATH}?page=${page}`;
}

const ICONS: Record<string, FeedIcon> = {
  trophy: 'trophy',
  prize: 'trophy',
  win: 'trophy',
  winner: 'trophy',
  ticket: 'ticket',
  draw: 'ticket',
  results: 'ticket',
  wallet: 'wallet',
  money: 'wallet',
  payout: 'wallet',
};

/** The icon named by the entry; an unknown name is the bell. */
export function feedIcon(name: string): FeedIcon {
  return (
    ICONS[
      name
        .trim()
        .toLowerCase()
        .replace(/[-_ ]?icon$/, '')
    ] ?? 'bell'
  );
}

/** A path on this site (never another origin, never a script URL): actions may only go there. */
export function sitePath(link: string | null): string | null {
  if (!link?.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

const TIME = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Australia/Sydney',
});
const TIME_WITH_YEAR = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

const YEAR = new Intl.DateTimeFormat('en-AU', { year: 'numeric', timeZone: 'Australia/Sydney' });

/** "24 Nov, 9:41 pm" this year; "3 Mar 2025" before. */
export function feedTime(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return YEAR.format(date) === YEAR.format(now) ? TIME.format(date) : TIME_WITH_YEAR.format(date);
}

export function feedEntryView(notification: FeedNotification, now: Date): FeedEntryView {
  return {
    id: notification.id,
    title: notification.title,
    icon: feedIcon(notification.icon),
    message: notification.message,
    time: feedTime(notification.createdAt, now),
    unviewed: !notification.viewed,
    autoDismissed: notification.isAutoDismissed,
    actions: notification.actions.flatMap((action) => {
      const href = sitePath(action.link);
      return href ? [{ id: action.id, text: action.text, href }] : [];
    }),
  };
}

export function feedView(
  feed: NotificationFeed,
  { total, page, pages }: { total: number; page: number; pages: number },
  now: Date,
): FeedView {
  return {
    entries: feed.notifications.map((n) => feedEntryView(n, now)),
    unviewedCount: feed.unviewedCount,
    total,
    page,
    pages,
    previous: page > 1 ? feedPagePath(page - 1) : null,
    next: page < pages ? feedPagePath(page + 1) : null,
  };
}
