/**
 * Work done after the answer has gone: mail from the accounts module (sent after the request's
 * transaction has committed, without making the caller wait for SMTP), and work whose duration would
 * tell an attacker something (a reset request for a known email must take as long as one for an
 * unknown email). A failure is logged. `drain` waits for what is in flight (the app's onClose).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MailContent, Mailer } from '../notifications/index.ts';

export type Outbox = {
  send: (to: string, mail: MailContent) => void;
  /** Starts `work` once the current request's answer is on its way. */
  defer: (label: string, work: () => Promise<void>) => void;
  drain: () => Promise<void>;
};

export function createOutbox(mailer: Mailer, log: FastifyBaseLogger): Outbox {
  const pending = new Set<Promise<void>>();
  function defer(label: string, work: () => Promise<void>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => log.error({ err, label }, 'deferred work failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  }
  return {
    defer,
    send(to, mail) {
      defer(`mail: ${mail.subject}`, async () => {
        await mailer.send({ to, ...mail });
      });
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
