export { systemModule } from './system.routes.ts';
