import { describe, expect, it } from 'vitest';
import { parseMail } from './parse-mail.ts';

const raw = [
  'From: Drawhouse <hello@drawhouse.example>',
  'To: "Ada L" <Ada@Example.com>, bob@example.com',
  'Subject: =?UTF-8?Q?Zo=C3=AB=27s_code?=',
  'Content-Type: multipart/alternative;',
  ' boundary="--b1"',
  '',
  '----b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hi Zo=C3=AB, a long line that was wrapped =',
  'here.',
  '----b1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Hi</p>').toString('base64'),
  '----b1--',
  '',
].join('\r\n');

describe('parseMail', () => {
  it('reads addresses, encoded subjects and both parts of a multipart mail', () => {
    const mail = parseMail(raw, 'id-1', new Date('2026-11-22T00:00:00Z'));
    expect(mail.from).toBe('hello@drawhouse.example');
    expect(mail.to).toEqual(['ada@example.com', 'bob@example.com']);
    expect(mail.subject).toBe("Zoë's code");
    expect(mail.text).toBe('Hi Zoë, a long line that was wrapped here.');
    expect(mail.html).toBe('<p>Hi</p>');
    expect(mail.receivedAt).toBe('2026-11-22T00:00:00.000Z');
  });

  it('reads a single-part mail', () => {
    const mail = parseMail('To: a@b.c\r\nSubject: Hi\r\n\r\nBody', 'id-2', new Date(0));
    expect(mail.text).toBe('Body');
    expect(mail.html).toBe('');
  });
});
