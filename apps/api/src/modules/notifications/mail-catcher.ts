import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type CaughtMail, parseMail } from './parse-mail.ts';

export type MailCatcher = {
  port: number;
  messages: () => CaughtMail[];
  clear: () => void;
  /** Resolves with the newest message to `to` matching `subject`, waiting up to `timeoutMs` for it. */
  waitFor: (to: string, subject?: RegExp, timeoutMs?: number) => Promise<CaughtMail>;
  stop: () => Promise<void>;
};

const KEEP = 200;

/**
 * A real SMTP server on loopback that keeps what it receives in memory: the development mailbox when
 * no SMTP_URL is set, and what integration tests read mail from.
 */
export async function startMailCatcher(port = 0, keep = KEEP): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        caught.unshift(parseMail(Buffer.concat(chunks).toString('utf8'), randomUUID(), new Date()));
        caught.length = Math.min(caught.length, keep);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A sender that goes mid-conversation (its process killed while sending) is reported as an 'error'
  // event of the server, which unheard would end this process: the lost message is the sender's to
  // send again (the outbox does), so only a fault of the server itself ends it.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    throw error;
  });
  const address = server.server.address() as AddressInfo;

  const find = (to: string, subject?: RegExp) =>
    caught.find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));

  return {
    port: address.port,
    messages: () => [...caught],
    clear: () => {
      caught.length = 0;
    },
    async waitFor(to, subject, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to, subject);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
