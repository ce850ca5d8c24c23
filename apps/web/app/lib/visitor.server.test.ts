import { describe, expect, it } from 'vitest';
import { FLASH_COOKIE, SESSION_COOKIE, sealSession, setSessionSecretForTests } from './session.server';
import { callerOf, pagePath, publicCallerOf, readVisitor } from './visitor.server';

setSessionSecretForTests('a-test-secret-of-enough-length');

const NOW = 1_800_000_000;
const token = `${Buffer.from('{}').toString('base64url')}.${Buffer.from('{"sub":"c1"}').toString('base64url')}.s`;

function withCookie(value: string) {
  return new Request('http://shop.example/my-account', { headers: { Cookie: `${SESSION_COOKIE}=${value}` } });
}

describe('the visitor of a request', () => {
  it('is signed in with a good session cookie, and the caller carries the token', () => {
    const sealed = sealSession({
      accessToken: token,
      refreshToken: 'f.r',
      customerId: 'c1',
      expiresAt: NOW + 60,
    });
    const { visitor } = readVisitor(withCookie(encodeURIComponent(sealed)), NOW);
    expect(visitor.signedIn).toBe(true);
    expect(callerOf(visitor)).toMatchObject({ customerToken: token, customerId: 'c1' });
    expect(publicCallerOf(visitor).customerToken).toBeUndefined();
  });

  it('is anonymous with a forged or expired cookie, which is removed', () => {
    const sealed = sealSession({
      accessToken: token,
      refreshToken: 'f.r',
      customerId: 'c1',
      expiresAt: NOW - 1,
    });
    for (const value of [encodeURIComponent(sealed), 'v1.forged', '{"customerId":"c1"}']) {
      const { visitor, setCookies } = readVisitor(withCookie(value), NOW);
      expect(visitor.signedIn).toBe(false);
      expect(visitor.customerToken).toBeUndefined();
      expect(setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    }
  });

  it('signs out a session that lost its refresh token, names its access token and says the session ended', () => {
    const sealed = sealSession({
      accessToken: token,
      refreshToken: '',
      customerId: 'c1',
      expiresAt: NOW + 60,
    });
    const { visitor, setCookies, orphanedAccessToken } = readVisitor(
      withCookie(encodeURIComponent(sealed)),
      NOW,
    );
    expect(visitor.signedIn).toBe(false);
    expect(orphanedAccessToken).toBe(token);
    expect(setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(setCookies.find((c) => c.startsWith(`${FLASH_COOKIE}=`))).toContain(
      'Your%20session%20has%20ended',
    );
    expect(visitor.flash?.message).toBe('Your session has ended. Please sign in again.');

    const expired = sealSession({
      accessToken: token,
      refreshToken: '',
      customerId: 'c1',
      expiresAt: NOW - 1,
    });
    const old = readVisitor(withCookie(encodeURIComponent(expired)), NOW);
    expect(old.orphanedAccessToken).toBeUndefined();
    expect(old.visitor.flash).toBeUndefined();
  });

  it("takes the affiliate code from a page load's link, not from a data request's", () => {
    const request = (accept: string) =>
      new Request('http://shop.example/powerball?aff=abc', { headers: { Accept: accept } });
    const page = readVisitor(request('text/html,application/xhtml+xml'));
    expect(page.visitor.link.affiliateCode).toBe('abc');
    expect(page.setCookies.some((c) => c.startsWith('aff=abc'))).toBe(true);
    const data = readVisitor(request('*/*'));
    expect(data.visitor.link.affiliateCode).toBeUndefined();
    expect(data.setCookies.some((c) => c.startsWith('aff='))).toBe(false);
  });

  it('knows the page path without the data suffix', () => {
    expect(pagePath(new URL('http://x/my-account/my-details.data?_routes=a&b=1'))).toBe(
      '/my-account/my-details?b=1',
    );
    expect(pagePath(new URL('http://x/_root.data'))).toBe('/');
    expect(pagePath(new URL('http://x/login?redirectTo=%2Fa'))).toBe('/login?redirectTo=%2Fa');
  });
});
