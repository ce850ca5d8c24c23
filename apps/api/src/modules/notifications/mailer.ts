import nodemailer from 'nodemailer';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Set from the outbox event a mail tells of, so a rare second delivery is the same message. */
  messageId?: string;
};
export type Mailer = { send: (mail: OutgoingMail) => Promise<void> };

/** Real SMTP through nodemailer: SMTP_URL in production, the local catcher in development and tests. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  // Bounded well inside the outbox's lease (a minute), so a send never outlives it.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * The Message-ID of the mail one outbox subscriber sends for one event: the same if the delivery is
 * ever repeated (a worker that died after sending), so mail clients show it once.
 */
export const outboxMessageId = (eventId: number, subscriber: string) =>
  `<event-${eventId}.${subscriber}@outbox.drawhouse>`;
