/**
 * Mail goes out through the outbox: a use case or a notice subscriber requests it in its transaction
 * (`mail.requested`), and the `mail` subscriber sends it after the commit, with no transaction open,
 * retried while SMTP fails. The request's payload (it may hold a sign-in code or a reset link) is
 * cleared once the mail is sent.
 */
import type { DbOrTx } from '@drawhouse/db';
import { emit, emitMany, type Subscriber } from '../outbox/index.ts';
import { type Mailer, outboxMessageId } from './mailer.ts';
import type { MailContent } from './templates.ts';

/** Requests one mail, sent once the caller's transaction commits. `about`: the customer it concerns. */
export async function requestMail(tx: DbOrTx, about: string, to: string, mail: MailContent): Promise<void> {
  await emit(tx, 'mail.requested', about, { to, ...mail });
}

/** Requests many mails at once (a fan-out: every winner of a draw), in as few statements as it can. */
export async function requestMails(
  tx: DbOrTx,
  mails: readonly { about: string; to: string; mail: MailContent }[],
): Promise<void> {
  await emitMany(
    tx,
    'mail.requested',
    mails.map((m) => ({ aggregateId: m.about, payload: { to: m.to, ...m.mail } })),
  );
}

export function mailSubscriber(mailer: Mailer): Subscriber {
  return {
    name: 'mail',
    runs: 'outside',
    forgetsPayload: true,
    async handle(event) {
      if (event.type !== 'mail.requested') return;
      const { to, subject, text, html } = event.payload;
      await mailer.send({ to, subject, text, html, messageId: outboxMessageId(event.id, 'mail') });
    },
  };
}
