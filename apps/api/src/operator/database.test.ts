import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OperatorError } from './command.ts';
import { openOperatorDatabase, reasonOf, withoutPassword } from './database.ts';

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the operator database', () => {
  it('says which DATABASE_URL it could not reach (password hidden) and why, instead of a bare exit', async () => {
    const url = `postgres://ops:s3cret@127.0.0.1:${await closedPort()}/drawhouse`;
    const opened = openOperatorDatabase({ DATABASE_URL: url });
    await expect(opened).rejects.toBeInstanceOf(OperatorError);
    const message = await opened.catch((error: Error) => error.message);
    expect(message).toMatch(
      /could not reach the database at postgres:\/\/ops:\*\*\*@127\.0\.0\.1:\d+\/drawhouse: .*ECONNREFUSED/,
    );
    expect(message).not.toContain('s3cret');
    expect(message).toContain('DATABASE_URL');
  });

  it('without a database says what it tried and which settings to set', async () => {
    const port = await closedPort();
    const empty = mkdtempSync(path.join(tmpdir(), 'drawhouse-ops-'));
    const message = await openOperatorDatabase({ DATA_DIR: empty, EMBEDDED_PG_PORT: String(port) }).catch(
      (error: Error) => error.message,
    );
    expect(message).toContain(`nothing listens on EMBEDDED_PG_PORT=${port}`);
    expect(message).toMatch(/set DATABASE_URL, set EMBEDDED_PG_PORT/);
  });

  it('names an error that has no message by its code, its cause or what was thrown', () => {
    const refused = Object.assign(new Error(''), { code: 'ECONNREFUSED' });
    expect(reasonOf(new AggregateError([refused], ''))).toBe('ECONNREFUSED');
    expect(reasonOf(new Error('Failed query', { cause: new Error('password authentication failed') }))).toBe(
      'password authentication failed',
    );
    expect(reasonOf(undefined)).toBe('no reason given');
    expect(withoutPassword('postgres://a:b@h:1/d')).toBe('postgres://a:***@h:1/d');
  });
});
