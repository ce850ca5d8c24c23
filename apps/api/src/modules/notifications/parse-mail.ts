/** A caught message, read from its raw RFC 5322 text. */
import type { CaughtMail } from '@drawhouse/contract';

export type { CaughtMail };

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitHeaders(chunk.replace(/^\r?\n/, ''))));
}

function addresses(value: string | undefined): string[] {
  if (!value) return [];
  return value.split(',').map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase());
}

export function parseMail(raw: string, id: string, receivedAt: Date): CaughtMail {
  const message = splitHeaders(raw);
  const parts = leaves(message);
  const ofType = (t: string) =>
    parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(t));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    id,
    from: addresses(message.headers.get('from'))[0] ?? '',
    to: addresses(message.headers.get('to')),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: text ? decodeBody(text).trimEnd() : '',
    html: html ? decodeBody(html) : '',
    receivedAt: receivedAt.toISOString(),
  };
}
