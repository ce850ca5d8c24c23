export { membershipModule } from './membership.routes.ts';
export { membershipSubscribers } from './membership.subscribers.ts';
