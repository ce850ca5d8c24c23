/** Website-experience feedback: the shop's event call and support's list. */
export { feedbackAdminModule, feedbackModule } from './feedback.routes.ts';
