import { randomUUID } from 'node:crypto';
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
