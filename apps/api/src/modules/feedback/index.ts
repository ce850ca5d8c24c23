/** Website-experience feedback: the shop's event call and support's list. */
export { feedbackAdminModule, feedbackItemsModule, feedbackModule } from './feedback.routes.ts';
