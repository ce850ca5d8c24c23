export { placementsModule } from './placements.routes.ts';
