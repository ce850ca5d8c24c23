import { hkdfSync, randomUUID } from 'node:crypto';
import { authSessions, eq } from '@drawhouse/db';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, login, newCustomer, PASSWORD } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

/** An access token signed with the API's own key, with claims of the test's choosing. */
async function forge(claims: { sub: string; sid: string; exp: number; typ?: string }): Promise<string> {
  const key = new Uint8Array(
    hkdfSync('sha256', app.deps.jwtSecret, 'drawhouse-accounts', 'access-token', 32),
  );
  return new SignJWT({ sid: claims.sid, typ: claims.typ ?? 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('drawhouse')
    .setAudience('drawhouse-api')
    .setIssuedAt(claims.exp - 900)
    .setExpirationTime(claims.exp)
    .sign(key);
}

function sessionIdOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return String(payload.sid);
}

describe('access tokens', () => {
  it('carry the customer and session, and open GET /v2/customer', async () => {
    const c = await newCustomer(app);
    const payload = JSON.parse(Buffer.from(c.access_token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload.sub).toBe(c.id);
    expect(payload.typ).toBe('access');
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.elv).toBeUndefined();
    const res = await call(app, '/v2/customer', { token: c.access_token });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.customer_id).toBe(c.id);
  });

  it('refuses no token, a tampered token, an expired one and one of another kind', async () => {
    const c = await newCustomer(app);
    const [head, body, sig] = c.access_token.split('.');
    const otherBody = Buffer.from(
      JSON.stringify({ sub: randomUUID(), sid: sessionIdOf(c.access_token) }),
    ).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      undefined,
      'not-a-jwt',
      `${head}.${otherBody}.${sig}`,
      `${head}.${body}.${sig?.slice(0, -2)}xx`,
      `${head}.${body}.`,
      await forge({ sub: c.id, sid: sessionIdOf(c.access_token), exp: now - 10 }),
      await forge({ sub: c.id, sid: sessionIdOf(c.access_token), exp: now + 600, typ: 'refresh' }),
      await forge({ sub: randomUUID(), sid: sessionIdOf(c.access_token), exp: now + 600 }),
      await new SignJWT({ sid: sessionIdOf(c.access_token), typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.id)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode('someone else entirely, a long enough secret')),
    ];
    for (const token of tokens) {
      const res = await call(app, '/v2/customer', token ? { token } : {});
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().error.code).toBe('unauthorised');
    }
    // The same claims, signed properly and unexpired, are accepted: the refusals above are the token's.
    const good = await forge({ sub: c.id, sid: sessionIdOf(c.access_token), exp: now + 600 });
    expect((await call(app, '/v2/customer', { token: good })).statusCode).toBe(200);
  });

  it('stop working at logout', async () => {
    const c = await newCustomer(app);
    const out = await call(app, '/v2/logout', { token: c.access_token });
    expect(out.statusCode).toBe(200);
    expect(out.json().result).toEqual({});
    expect((await call(app, '/v2/customer', { token: c.access_token })).statusCode).toBe(401);
    const refresh = await call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token } });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error.code).toBe('invalid_refresh_token');
  });
});

describe('POST /v2/refresh', () => {
  it('rotates: each refresh gives a new pair for the same customer and device', async () => {
    const c = await newCustomer(app);
    const first = await call(app, '/v2/refresh', {
      body: { refresh_token: c.refresh_token, fingerprint: c.fingerprint },
    });
    expect(first.statusCode).toBe(200);
    const r1 = first.json().result;
    expect(r1.customer_id).toBe(c.id);
    expect(r1.device_uuid).toBe(c.device_uuid);
    expect(r1.refresh_token).not.toBe(c.refresh_token);
    expect(r1.refresh_token.split('.')[0]).toBe(c.refresh_token.split('.')[0]);
    const second = await call(app, '/v2/refresh', { body: { refresh_token: r1.refresh_token } });
    expect(second.statusCode).toBe(200);
    expect((await call(app, '/v2/customer', { token: second.json().result.access_token })).statusCode).toBe(
      200,
    );
  });

  it('revokes the whole family and the session when a refresh token is used twice', async () => {
    const c = await newCustomer(app);
    const r1 = (await call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token } })).json().result;
    const r2 = (await call(app, '/v2/refresh', { body: { refresh_token: r1.refresh_token } })).json().result;
    // An attacker replays the first token.
    const replay = await call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_refresh_token');
    // Every descendant is dead, and so is the session's access token.
    const latest = await call(app, '/v2/refresh', { body: { refresh_token: r2.refresh_token } });
    expect(latest.statusCode).toBe(401);
    expect((await call(app, '/v2/customer', { token: r2.access_token })).statusCode).toBe(401);
    const [session] = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessionIdOf(c.access_token)));
    expect(session?.revokeReason).toBe('refresh_token_reuse');
    // Other sessions of the customer carry on.
    const again = await login(app, { email: c.email, password: PASSWORD, fingerprint: c.fingerprint });
    expect(again.statusCode).toBe(200);
  });

  it('refuses unknown, malformed and other-device refresh tokens', async () => {
    const c = await newCustomer(app);
    for (const refresh_token of ['', 'x', `${randomUUID()}.abc`, `${c.refresh_token}x`, 'a.b.c']) {
      const res = await call(app, '/v2/refresh', { body: { refresh_token } });
      expect(res.statusCode, refresh_token).toBe(401);
    }
    const other = await call(app, '/v2/refresh', {
      body: { refresh_token: c.refresh_token, fingerprint: 'someone-else' },
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('ownership', () => {
  it("answers 404 for another customer's resources", async () => {
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const url = `/v2/customer/${b.id}/communication-preferences`;
    const get = await call(app, url, { token: a.access_token });
    expect(get.statusCode).toBe(404);
    const put = await call(app, url, {
      method: 'PUT',
      token: a.access_token,
      body: { preferences: { email: true } },
    });
    expect(put.statusCode).toBe(404);
    const one = await call(app, `${url}/all`, {
      method: 'PUT',
      token: a.access_token,
      body: { preferences: { email: false } },
    });
    expect(one.statusCode).toBe(404);
    const own = await call(app, `/v2/customer/${a.id}/communication-preferences`, { token: a.access_token });
    expect(own.statusCode).toBe(200);
    const unknown = await call(app, '/v2/customer/not-a-uuid/communication-preferences', {
      token: a.access_token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks for sign-in on every customer route', async () => {
    const routes: [string, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'][] = [
      ['/v2/customer', 'GET'],
      ['/v2/customer', 'DELETE'],
      ['/v2/customer/details', 'GET'],
      ['/v2/customer/details', 'POST'],
      ['/v2/customer/change-password', 'POST'],
      ['/v2/password/force-change', 'POST'],
      ['/v2/customer/terms-and-conditions', 'POST'],
      ['/v2/customer/two-factor-auth', 'GET'],
      ['/v2/customer/two-factor-auth/authenticator', 'POST'],
      ['/v2/customer/elevate', 'POST'],
      ['/v2/transfer', 'POST'],
      ['/v2/logout', 'GET'],
      [`/v2/customer/${randomUUID()}/communication-preferences`, 'GET'],
    ];
    for (const [url, method] of routes) {
      const res = await call(app, url, { method, ...(method === 'GET' ? {} : { body: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
