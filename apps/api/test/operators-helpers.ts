/**
 * Back office operators in tests: invited, accepted with a real authenticator code, signed in with
 * the session cookie; calls made as a browser would (the cookie, and the admin header on changes).
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_REQUEST_HEADER, type OperatorRole } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { randomIp, totpCode } from './accounts-helpers.ts';
import { operatorRun } from './draws-helpers.ts';

export const OPERATOR_PASSWORD = 'a long back office passphrase';

export type BackOfficeOperator = { id: string; name: string; email: string; secret: string; cookie: string };

function sessionCookie(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('dh_operator='));
  if (!line) throw new Error('no session cookie was set');
  return line.split(';', 1)[0] ?? '';
}

/** The invitation link `operator:create --email` printed. */
export async function invite(db: Database, email: string, roles?: readonly OperatorRole[]): Promise<string> {
  const made = await operatorRun(db, [
    'operator:create',
    '--email',
    email,
    ...(roles ? ['--roles', roles.join(',')] : []),
  ]);
  expect(made.code, made.text).toBe(0);
  const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(made.text)?.[1];
  if (!token) throw new Error(`no invitation link in: ${made.text}`);
  return token;
}

/** A person invited with `roles` who accepted: signed in, with the session cookie. */
export async function backOfficeOperator(
  app: FastifyInstance,
  roles: readonly OperatorRole[],
): Promise<BackOfficeOperator> {
  const suffix = randomUUID().slice(0, 8);
  const email = `op-${suffix}@drawhouse.test`;
  const token = await invite(app.deps.db, email, roles);
  const remoteAddress = randomIp();
  const shown = await app.inject({ method: 'GET', url: `/admin/invitations/${token}`, remoteAddress });
  expect(shown.statusCode, shown.body).toBe(200);
  const secret: string = shown.json().result.totp_secret;
  const name = `op-${suffix}`;
  const accepted = await app.inject({
    method: 'POST',
    url: `/admin/invitations/${token}/accept`,
    remoteAddress,
    payload: { name, password: OPERATOR_PASSWORD, code: totpCode(secret) },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return {
    id: accepted.json().result.operator.id,
    name,
    email,
    secret,
    cookie: sessionCookie(accepted.headers['set-cookie']),
  };
}

/** A call as the back office makes it: the session cookie, and on a change the admin header. */
export function asOperator(
  app: FastifyInstance,
  operator: Pick<BackOfficeOperator, 'cookie'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: operator.cookie, ...(method === 'GET' ? {} : { [ADMIN_REQUEST_HEADER]: '1' }) },
    ...(payload ? { payload } : {}),
  });
}

export { randomIp as someAddress, sessionCookie, totpCode };
