import { describe, expect, it } from 'vitest';
import { createSealer } from './seal.server';
import {
  accessTokenWithoutRefresh,
  type CustomerSession,
  checkRefreshResult,
  decodeJwtPayload,
  deviceCookie,
  type PendingSignIn,
  parseFlash,
  sealPending,
  sealSession,
  sessionCookie,
  sessionFromLogin,
  setSessionSecretForTests,
  tokenCustomerId,
  unsealDevice,
  unsealPending,
  unsealSession,
} from './session.server';

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

setSessionSecretForTests('a-test-secret-of-enough-length');

const NOW = 1_800_000_000;
const session: CustomerSession = {
  accessToken: jwt({ sub: 'cust_1', exp: NOW + 900 }),
  refreshToken: 'family.random',
  customerId: 'cust_1',
  deviceUuid: 'device-1',
  fingerprint: 'fp-1',
  expiresAt: NOW + 3600,
};

describe('sealed session cookie', () => {
  it('reads back what it sealed, and the text does not show the tokens', () => {
    const sealed = sealSession(session);
    expect(sealed).not.toContain('family');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('cust_1');
    expect(unsealSession(sealed, NOW)).toEqual(session);
  });

  it('refuses a changed byte, another key, another purpose and garbage', () => {
    const sealed = sealSession(session);
    const body = Buffer.from(sealed.slice(3), 'base64url');
    body[20] = (body[20] ?? 0) ^ 1;
    expect(unsealSession(`v1.${body.toString('base64url')}`, NOW)).toBeUndefined();
    const other = createSealer('another-secret-entirely', 'session');
    expect(unsealSession(other.seal(session), NOW)).toBeUndefined();
    expect(unsealPending(sealed, NOW)).toBeUndefined();
    expect(unsealSession('v1.', NOW)).toBeUndefined();
    expect(unsealSession('not sealed', NOW)).toBeUndefined();
    expect(unsealSession(undefined, NOW)).toBeUndefined();
    expect(unsealSession(JSON.stringify(session), NOW)).toBeUndefined();
  });

  it('ends at expiresAt', () => {
    const sealed = sealSession(session);
    expect(unsealSession(sealed, session.expiresAt - 1)).toBeDefined();
    expect(unsealSession(sealed, session.expiresAt)).toBeUndefined();
  });

  it('names the access token of a live session that lost its refresh token, and nothing else', () => {
    const orphan = sealSession({ ...session, refreshToken: '' });
    expect(unsealSession(orphan, NOW)).toBeUndefined();
    expect(accessTokenWithoutRefresh(orphan, NOW)).toBe(session.accessToken);
    expect(accessTokenWithoutRefresh(orphan, session.expiresAt)).toBeUndefined();
    expect(accessTokenWithoutRefresh(sealSession(session), NOW)).toBeUndefined();
    expect(
      accessTokenWithoutRefresh(sealSession({ ...session, refreshToken: '', customerId: '' }), NOW),
    ).toBeUndefined();
    expect(accessTokenWithoutRefresh('not sealed', NOW)).toBeUndefined();
  });

  it('needs both the customer id and the access token', () => {
    expect(unsealSession(sealSession({ ...session, customerId: '' }), NOW)).toBeUndefined();
    expect(unsealSession(sealSession({ ...session, accessToken: '' }), NOW)).toBeUndefined();
  });

  it('is an httpOnly, SameSite=Lax cookie that expires with the session, Secure when asked', () => {
    const cookie = sessionCookie(session, NOW, true);
    expect(cookie).toMatch(/^dh_session=v1\./);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Max-Age=3600');
    expect(sessionCookie(session, NOW, false)).not.toContain('Secure');
  });

  it('keeps a pending sign-in for its lifetime only', () => {
    const pending = sealPending({
      kind: 'login',
      challengeId: 'challenge-1',
      redirect: '/my-account',
      method: 'email',
      identifier: 'a***@b.co',
      expiresAt: NOW + 600,
    });
    expect(pending).not.toContain('challenge-1');
    expect(unsealPending(pending, NOW)).toEqual({
      kind: 'login',
      challengeId: 'challenge-1',
      redirect: '/my-account',
      method: 'email',
      identifier: 'a***@b.co',
      expiresAt: NOW + 600,
    });
    expect(unsealPending(pending, NOW + 600)).toBeUndefined();
  });

  it("seals a pending sign-in's challenge and display fields only, never a password", () => {
    const withSecrets = {
      kind: 'login',
      challengeId: 'challenge-1',
      redirect: '/',
      expiresAt: NOW + 600,
      email: 'a@b.co',
      password: 'secret words',
      token: 'link-token',
    } as PendingSignIn;
    const sealed = createSealer('a-test-secret-of-enough-length', 'pending').unseal<object>(
      sealPending(withSecrets),
    );
    expect(Object.keys(sealed ?? {}).sort()).toEqual(['challengeId', 'expiresAt', 'kind', 'redirect']);
  });

  it('ignores a pending sign-in of the older shape (email and password, or a link token)', () => {
    const older = createSealer('a-test-secret-of-enough-length', 'pending');
    const login = {
      kind: 'login',
      email: 'a@b.co',
      password: 'secret words',
      redirect: '/',
      expiresAt: NOW + 600,
    };
    const link = { kind: 'autologin', token: 'link-token', redirect: '/', expiresAt: NOW + 600 };
    expect(unsealPending(older.seal(login), NOW)).toBeUndefined();
    expect(unsealPending(older.seal(link), NOW)).toBeUndefined();
    expect(unsealPending(older.seal({ ...login, kind: 'other', challengeId: 'c' }), NOW)).toBeUndefined();
  });

  it('remembers the device fingerprint', () => {
    const cookie = deviceCookie('fp-9', false);
    const value = decodeURIComponent(cookie.split(';')[0]?.split('=').slice(1).join('=') ?? '');
    expect(unsealDevice(value)).toBe('fp-9');
    expect(unsealDevice('v1.nonsense')).toBeUndefined();
  });
});

describe('token checks', () => {
  it('reads the customer id from the access token without verifying it', () => {
    expect(tokenCustomerId(jwt({ sub: 'cust_1' }))).toBe('cust_1');
    expect(tokenCustomerId(jwt({ sub: 42 }))).toBe('42');
    expect(tokenCustomerId('opaque')).toBeUndefined();
    expect(tokenCustomerId('a.b.c')).toBeUndefined();
    expect(decodeJwtPayload(`x.${Buffer.from('[1]').toString('base64url')}.y`)).toBeUndefined();
  });

  it('takes a refresh result only when both tokens name the current customer', () => {
    const good = { accessToken: jwt({ sub: 'cust_1' }), refreshToken: 'f.r2', customerId: 'cust_1' };
    expect(checkRefreshResult('cust_1', good)).toEqual({
      accessToken: good.accessToken,
      refreshToken: 'f.r2',
      deviceUuid: undefined,
    });
    expect(checkRefreshResult('cust_1', { ...good, accessToken: jwt({ sub: 'cust_2' }) })).toBeUndefined();
    expect(checkRefreshResult('cust_1', { ...good, customerId: 'cust_2' })).toBeUndefined();
    expect(checkRefreshResult('cust_1', { ...good, customerId: undefined })).toBeUndefined();
    expect(checkRefreshResult('cust_1', { ...good, accessToken: 'not-a-jwt' })).toBeUndefined();
    expect(checkRefreshResult('cust_1', { ...good, refreshToken: '' })).toBeUndefined();
    expect(checkRefreshResult('cust_1', undefined)).toBeUndefined();
    expect(checkRefreshResult('7', { ...good, accessToken: jwt({ sub: 7 }), customerId: 7 })).toBeDefined();
  });

  it('starts a session from a login result whose token and customer agree', () => {
    const result = {
      accessToken: jwt({ sub: 'cust_1' }),
      refreshToken: 'f.r',
      deviceUuid: 'd',
      fingerprint: 'fp',
      customer: { customerId: 'cust_1' },
    };
    expect(sessionFromLogin(result, 3600, NOW)).toMatchObject({
      customerId: 'cust_1',
      expiresAt: NOW + 3600,
    });
    expect(sessionFromLogin({ ...result, customer: { customerId: 'cust_2' } }, 3600, NOW)).toBeUndefined();
    expect(sessionFromLogin({ ...result, refreshToken: undefined }, 3600, NOW)).toBeUndefined();
  });
});

describe('flash messages', () => {
  it('reads only well-formed messages', () => {
    expect(parseFlash(JSON.stringify({ id: 'a', message: 'Hi', level: 'success' }))).toEqual({
      id: 'a',
      message: 'Hi',
      level: 'success',
      title: undefined,
    });
    expect(parseFlash('{')).toBeUndefined();
    expect(parseFlash(JSON.stringify({ message: 'no id' }))).toBeUndefined();
    expect(parseFlash(JSON.stringify({ id: 'a', message: 'x', level: 'weird' }))?.level).toBe('info');
  });
});
