/** The back office's Today: the counts of what waits for an operator (GET /admin/today). */
export { todayModule } from './today.routes.ts';
