/** The shop's machinery as operators see it: job queues and the outbox's failed deliveries. */
export { jobsAdminModule } from './jobs-admin.routes.ts';
