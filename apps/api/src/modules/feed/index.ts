export { feedModule } from './feed.routes.ts';
