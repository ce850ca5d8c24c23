import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenKit, isUuid, newRefreshToken, randomCode, sha256 } from './tokens.ts';

const kit = createTokenKit('a test secret that is long enough to be a real one');
const other = createTokenKit('another secret, also long enough for the tests here');
const now = new Date('2026-06-15T02:00:00Z');

describe('access tokens', () => {
  const claims = { customerId: randomUUID(), sessionId: randomUUID() };

  it('round-trip the customer, the session and the step-up time', async () => {
    const token = await kit.signAccess({ ...claims, elevatedAt: 1_780_000_000 }, now);
    expect(await kit.verifyAccess(token, now)).toEqual({ ...claims, elevatedAt: 1_780_000_000 });
    expect(await kit.verifyAccess(await kit.signAccess(claims, now), now)).toEqual(claims);
  });

  it('expire after 15 minutes', async () => {
    const token = await kit.signAccess(claims, now);
    expect(await kit.verifyAccess(token, new Date(now.getTime() + 14 * 60_000))).toBeDefined();
    expect(await kit.verifyAccess(token, new Date(now.getTime() + 16 * 60_000))).toBeUndefined();
  });

  it('refuse another key, a changed payload and garbage', async () => {
    const token = await kit.signAccess(claims, now);
    expect(await other.verifyAccess(token, now)).toBeUndefined();
    const [h, , s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: randomUUID(), sid: claims.sessionId, typ: 'access' }),
    ).toString('base64url');
    expect(await kit.verifyAccess(`${h}.${forged}.${s}`, now)).toBeUndefined();
    for (const bad of ['', 'x', 'a.b.c', `${h}..`]) expect(await kit.verifyAccess(bad, now)).toBeUndefined();
  });
});

describe('access tokens as jose checks them', () => {
  const secret = 'a test secret that is long enough to be a real one';
  const key = new Uint8Array(hkdfSync('sha256', secret, 'drawhouse-accounts', 'access-token', 32));
  const iat = Math.floor(now.getTime() / 1000);
  const token = (edit: (jwt: SignJWT) => SignJWT) =>
    edit(
      new SignJWT({ sid: randomUUID(), typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(randomUUID())
        .setIssuer('drawhouse')
        .setAudience('drawhouse-api')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 900),
    ).sign(key);

  /** A token of any header signed with the API's key (what jose refuses to make). */
  const hs256 = (header: Record<string, unknown>, payload: Record<string, unknown>) => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const signed = `${part(header)}.${part(payload)}`;
    return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
  };
  const claimsOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

  it('accept what the API signs, an audience among others too', async () => {
    expect(
      await kit.verifyAccess(hs256({ alg: 'HS256' }, claimsOf(await token((j) => j))), now),
    ).toBeDefined();
    expect(await kit.verifyAccess(await token((j) => j), now)).toBeDefined();
    expect(
      await kit.verifyAccess(await token((j) => j.setAudience(['other', 'drawhouse-api'])), now),
    ).toBeDefined();
  });

  it('refuse another issuer or audience, a token not valid yet, a critical header, a missing expiry', async () => {
    for (const bad of [
      await token((j) => j.setIssuer('someone-else')),
      await token((j) => j.setAudience('another-api')),
      await token((j) => j.setNotBefore(iat + 60)),
      hs256({ alg: 'HS256', crit: ['x'], x: 1 }, claimsOf(await token((j) => j))),
      await new SignJWT({ sid: randomUUID(), typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(randomUUID())
        .setIssuer('drawhouse')
        .setAudience('drawhouse-api')
        .sign(key),
    ]) {
      expect(await kit.verifyAccess(bad, now)).toBeUndefined();
    }
  });

  it('refuse an unsigned token and one expiring this very second', async () => {
    const good = await token((j) => j);
    const [, body] = good.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await kit.verifyAccess(`${none}.${body}.`, now)).toBeUndefined();
    expect(await kit.verifyAccess(good, new Date((iat + 900) * 1000))).toBeUndefined();
  });
});

describe('codes, links and secrets', () => {
  it('makes 6-digit codes, hashed per customer', () => {
    for (let i = 0; i < 50; i++) expect(randomCode()).toMatch(/^\d{6}$/);
    const a = randomUUID();
    expect(kit.codeHash(a, '123456')).toBe(kit.codeHash(a, '123456'));
    expect(kit.codeHash(a, '123456')).not.toBe(kit.codeHash(randomUUID(), '123456'));
    expect(kit.codeHash(a, '123456')).not.toBe(other.codeHash(a, '123456'));
  });

  it('checks unsubscribe tokens per customer and topic, until they expire', () => {
    const id = randomUUID();
    const now = new Date('2026-11-23T10:00:00Z');
    const expires = new Date(now.getTime() + 90 * 24 * 3600_000);
    const token = kit.unsubscribeToken(id, 'marketing', expires);
    expect(kit.isUnsubscribeToken(id, 'marketing', token, now)).toBe(true);
    expect(kit.isUnsubscribeToken(randomUUID(), 'marketing', token, now)).toBe(false);
    expect(kit.isUnsubscribeToken(id, 'all', token, now)).toBe(false);
    expect(kit.isUnsubscribeToken(id, 'marketing', token, expires)).toBe(false);
    expect(other.isUnsubscribeToken(id, 'marketing', token, now)).toBe(false);
    const later = Math.floor(expires.getTime() / 1000) + 86_400;
    expect(kit.isUnsubscribeToken(id, 'marketing', `${later}.${token.split('.')[1]}`, now)).toBe(false);
    expect(kit.isUnsubscribeToken(id, 'marketing', '', now)).toBe(false);
    expect(kit.isUnsubscribeToken(id, 'marketing', 'x.y.z', now)).toBe(false);
  });

  it('encrypts secrets so only the same key reads them', () => {
    const stored = kit.encryptSecret('JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(kit.encryptSecret('JBSWY3DPEHPK3PXP')).not.toBe(stored);
    expect(kit.decryptSecret(stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => other.decryptSecret(stored)).toThrow();
    expect(() => kit.decryptSecret('v1.x.y')).toThrow();
  });

  it('names a refresh token family by a readable id', () => {
    const family = randomUUID();
    const token = newRefreshToken(family);
    expect(token.startsWith(`${family}.`)).toBe(true);
    expect(isUuid(family)).toBe(true);
    expect(sha256(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
