import { describe, expect, it } from 'vitest';
import { PREVIEW_TTL_MS, signPreview, verifyPreview } from './preview-token.ts';

const SECRET = 'a-test-secret-that-is-long-enough';
const now = new Date('2026-11-28T00:00:00Z');
const claim = { kind: 'page' as const, id: 'about', operator: 'op-1' };

describe('preview tokens', () => {
  it('verifies its own token until it expires', () => {
    const { token, expiresAt } = signPreview(SECRET, claim, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(PREVIEW_TTL_MS);
    expect(verifyPreview(SECRET, token, now)).toMatchObject(claim);
    expect(verifyPreview(SECRET, token, new Date(expiresAt.getTime() - 1))).toMatchObject(claim);
    expect(verifyPreview(SECRET, token, expiresAt)).toBeUndefined();
  });

  it('refuses a token signed with another secret, altered, or not a token at all', () => {
    const { token } = signPreview(SECRET, claim, now);
    expect(verifyPreview('another-secret-that-is-long-enough', token, now)).toBeUndefined();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...claim, id: 'privacy', exp: now.getTime() + 1e9 }),
    ).toString('base64url');
    expect(verifyPreview(SECRET, `${forged}.${signature}`, now)).toBeUndefined();
    expect(verifyPreview(SECRET, `${payload}.${signature}x`, now)).toBeUndefined();
    for (const bad of ['', '.', 'abc', `${payload}.${signature}.x`, 'e30.e30']) {
      expect(verifyPreview(SECRET, bad, now), bad).toBeUndefined();
    }
  });
});
