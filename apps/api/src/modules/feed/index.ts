export { feedModule } from './feed.routes.ts';
export { type FeedEntry, feedEntries } from './feed-entries.ts';
