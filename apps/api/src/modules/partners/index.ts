export { partnersModule } from './partners.routes.ts';
