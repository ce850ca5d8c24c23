import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  accountClosedMail,
  passwordResetMail,
  twoFactorCodeMail,
  welcomeMail,
} from '../src/modules/notifications/index.ts';
import { getTestApp, mailOf, signedHeaders } from './helpers.ts';

const app = await getTestApp({ devMailbox: true });

describe('mail through SMTP to the local catcher', () => {
  it('delivers both parts of a mail, links and non-ASCII text intact', async () => {
    const to = `${randomUUID()}@example.com`;
    const confirmUrl = `http://localhost:3000/account-verification?token=${'a'.repeat(64)}`;
    await app.deps.mailer.send({ to, ...welcomeMail({ firstname: 'Zoë', confirmUrl }) });
    const mail = await mailOf(app).waitFor(to, /confirm your email/);
    expect(mail.subject).toBe('Welcome to Drawhouse: please confirm your email');
    expect(mail.from).toBe('hello@drawhouse.example');
    expect(mail.text).toContain('Hi Zoë,');
    expect(mail.text).toContain(`Confirm my email: ${confirmUrl}`);
    expect(mail.html).toContain(`href="${confirmUrl}"`);
    expect(mail.html).toContain('Gambling Help');
  });

  it('escapes what it puts into HTML', async () => {
    const to = `${randomUUID()}@example.com`;
    await app.deps.mailer.send({ to, ...accountClosedMail({ firstname: '<script>x</script>' }) });
    const mail = await mailOf(app).waitFor(to);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });

  it('shows codes and expiry in the subject and body', async () => {
    const to = `${randomUUID()}@example.com`;
    await app.deps.mailer.send({
      to,
      ...twoFactorCodeMail({ firstname: 'Ada', code: '482913', expiresInMinutes: 10 }),
    });
    const mail = await mailOf(app).waitFor(to, /482913/);
    expect(mail.text).toContain('expires in 10 minutes');
  });

  it('lists caught mail at /dev/mailbox, newest first, and empties it', async () => {
    const to = `${randomUUID()}@example.com`;
    await app.deps.mailer.send({
      to,
      ...passwordResetMail({ firstname: 'Ada', resetUrl: 'http://x/reset', expiresInMinutes: 60 }),
    });
    await mailOf(app).waitFor(to);
    // Unsigned, the mailbox answers nothing: anyone reaching the demo API would read every reset link.
    for (const method of ['GET', 'DELETE'] as const) {
      const unsigned = await app.inject({ method, url: '/dev/mailbox' });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().error.code).toBe('signature_required');
    }
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: signedHeaders() });
    expect(res.statusCode).toBe(200);
    const first = res.json().result.messages[0];
    expect(first.to).toEqual([to]);
    expect(first.subject).toBe('Reset your Drawhouse password');
    expect(first.received_at).toMatch(/^\d{4}-/);
    const signed = (method: 'GET' | 'DELETE') =>
      app.inject({ method, url: '/dev/mailbox', headers: signedHeaders() });
    expect((await signed('DELETE')).statusCode).toBe(200);
    expect((await signed('GET')).json().result.messages).toEqual([]);
  });
});

describe('the development mailbox', () => {
  it('is not served unless DEV_MAILBOX=1 asks for it, though mail is still caught', async () => {
    const quiet = await getTestApp();
    expect(quiet.deps.mailCatcher).toBeDefined();
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await quiet.inject({ method, url: '/dev/mailbox' })).statusCode).toBe(404);
    }
  });

  it('is never served in production', async () => {
    const prod = await getTestApp({ production: true, devMailbox: true });
    expect((await prod.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
