import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: OutgoingMail) => Promise<void> };

/** Real SMTP through nodemailer: SMTP_URL in production, the local catcher in development and tests. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
