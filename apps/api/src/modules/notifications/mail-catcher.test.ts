import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMailCatcher } from './mail-catcher.ts';

/** Sends `line` (nothing for the greeting) and resolves with the server's next reply. */
function reply(socket: Socket, line?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (chunk) => {
      socket.off('error', reject);
      resolve(chunk.toString('utf8'));
    });
    if (line !== undefined) socket.write(`${line}\r\n`);
  });
}

/** A sender that begins a message to `to`; it answers the connection, ready for the message's text. */
async function beginMessage(port: number, to: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  expect(await reply(socket)).toMatch(/^220 /);
  expect(await reply(socket, 'EHLO sender.test')).toMatch(/^250/);
  expect(await reply(socket, 'MAIL FROM:<a@example.com>')).toMatch(/^250/);
  expect(await reply(socket, `RCPT TO:<${to}>`)).toMatch(/^250/);
  expect(await reply(socket, 'DATA')).toMatch(/^354/);
  return socket;
}

describe('the mail catcher', () => {
  it('outlives senders that go in the middle of a message (their connections reset)', async () => {
    const catcher = await startMailCatcher();
    try {
      // Two senders' processes die mid-message, as the crash test kills the API.
      for (const to of ['first@example.com', 'second@example.com']) {
        const socket = await beginMessage(catcher.port, to);
        const gone = new Promise((resolve) => socket.once('close', resolve));
        socket.resetAndDestroy();
        await gone;
      }
      // The next sender's message arrives whole.
      const next = await beginMessage(catcher.port, 'next@example.com');
      expect(await reply(next, 'Subject: sent again\r\nTo: next@example.com\r\n\r\nHello.\r\n.')).toMatch(
        /^250/,
      );
      next.destroy();
      expect((await catcher.waitFor('next@example.com', /sent again/)).text).toContain('Hello.');
    } finally {
      await catcher.stop();
    }
  });
});
