export { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
export { mailSubscriber, requestMail, requestMails } from './mail-requests.ts';
export { mailboxModule } from './mailbox.routes.ts';
export { createMailer, type Mailer, type OutgoingMail, outboxMessageId } from './mailer.ts';
export type { CaughtMail } from './parse-mail.ts';
export * from './templates.ts';
