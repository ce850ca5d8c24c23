export { feedModule } from './feed.routes.ts';
export { type FeedEntry, feedEntries } from './feed-entries.ts';
export { mailOfNotice, type Notice, noticeSubscriber, tellNotices } from './notices.ts';
