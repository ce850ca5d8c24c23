/**
 * Mail from the accounts module, sent after the request's transaction has committed and without making
 * the caller wait for SMTP (so a reset request for a known email takes as long as one for an unknown
 * email). A failed send is logged. `drain` waits for what is in flight (the app's onClose).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../notifications/index.ts';
import type { MailContent } from '../notifications/templates.ts';

export type Outbox = { send: (to: string, mail: MailContent) => void; drain: () => Promise<void> };

export function createOutbox(mailer: Mailer, log: FastifyBaseLogger): Outbox {
  const pending = new Set<Promise<void>>();
  return {
    send(to, mail) {
      const sending = mailer
        .send({ to, ...mail })
        .catch((err: unknown) => log.error({ err, subject: mail.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
