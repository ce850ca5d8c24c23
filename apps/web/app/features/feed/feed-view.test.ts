import type { FeedNotification } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { badgeText, feedButtonLabel } from './feed-badge';
import { feedEntryView, feedIcon, feedTime, feedView, sitePath } from './feed-view';

const NOW = new Date('2026-11-24T10:00:00Z');

function entry(overrides: Partial<FeedNotification> = {}): FeedNotification {
  return {
    id: 'n1',
    title: 'You won!',
    icon: 'trophy',
    message: 'Your Powerball ticket in draw 1523 won $152.40.',
    isAutoDismissed: false,
    actions: [
      { id: 'view-ticket', text: 'View ticket', link: '/my-account/past-tickets/ticket/o1', deepLink: null },
    ],
    createdAt: '2026-11-24T10:41:00Z',
    viewed: false,
    ...overrides,
  };
}

describe('feedEntryView', () => {
  it('keeps title, message and site actions, and says it is new', () => {
    const view = feedEntryView(entry(), NOW);
    expect(view).toMatchObject({ title: 'You won!', icon: 'trophy', unviewed: true, autoDismissed: false });
    expect(view.actions).toEqual([
      { id: 'view-ticket', text: 'View ticket', href: '/my-account/past-tickets/ticket/o1' },
    ]);
    expect(view.time).toBe('24 Nov, 9:41 pm');
  });

  it('drops actions that leave the site or have no link', () => {
    const view = feedEntryView(
      entry({
        actions: [
          { id: 'a', text: 'Away', link: 'https://evil.example/', deepLink: null },
          { id: 'b', text: 'Protocol-relative', link: '//evil.example/', deepLink: null },
          { id: 'c', text: 'Script', link: 'javascript:alert(1)', deepLink: null },
          { id: 'd', text: 'App only', link: null, deepLink: 'drawhouse://ticket/1' },
          { id: 'e', text: 'Wallet', link: '/my-account/transactions', deepLink: null },
        ],
      }),
      NOW,
    );
    expect(view.actions.map((a) => a.id)).toEqual(['e']);
  });
});

describe('feedIcon', () => {
  it('maps known names and falls back to the bell', () => {
    expect(feedIcon('trophy')).toBe('trophy');
    expect(feedIcon('Prize')).toBe('trophy');
    expect(feedIcon('wallet-icon')).toBe('wallet');
    expect(feedIcon('something-else')).toBe('bell');
  });
});

describe('sitePath', () => {
  it('takes paths on this site only', () => {
    expect(sitePath('/x')).toBe('/x');
    expect(sitePath('/\\evil.example')).toBeNull();
    expect(sitePath('x')).toBeNull();
    expect(sitePath(null)).toBeNull();
  });
});

describe('feedTime', () => {
  it('gives the year for an entry of another year', () => {
    expect(feedTime('2025-03-03T01:00:00Z', NOW)).toBe('3 Mar 2025');
    expect(feedTime('not a date', NOW)).toBe('');
  });
});

describe('the header button', () => {
  it('names the unread count, and shows a badge only when there is one', () => {
    expect(feedButtonLabel(2)).toBe('Notifications, 2 unread');
    expect(feedButtonLabel(0)).toBe('Notifications');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(2)).toBe('2');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('feedView', () => {
  it('carries the unviewed count, the total and the pages', () => {
    const feed = { notifications: [entry(), entry({ id: 'n2', viewed: true })], unviewedCount: 1 };
    const view = feedView(feed, { total: 22, page: 2, pages: 3 }, NOW);
    expect(view.entries.map((e) => e.unviewed)).toEqual([true, false]);
    expect(view).toMatchObject({ unviewedCount: 1, total: 22 });
    expect(view.previous).toBe('/my-account/notifications');
    expect(view.next).toBe('/my-account/notifications?page=3');
    const last = feedView(feed, { total: 22, page: 3, pages: 3 }, NOW);
    expect([last.previous, last.next]).toEqual(['/my-account/notifications?page=2', null]);
  });
});
