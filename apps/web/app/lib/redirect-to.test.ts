import { describe, expect, it } from 'vitest';
import { backToReferer, loginUrlFor, safeRedirectTo } from './redirect-to';

describe('redirectTo', () => {
  it('keeps paths on this site with their query and hash', () => {
    expect(safeRedirectTo('/my-account/my-details')).toBe('/my-account/my-details');
    expect(safeRedirectTo('/lotto?x=1#top')).toBe('/lotto?x=1#top');
    expect(safeRedirectTo('/a/../my-account')).toBe('/my-account');
  });

  it('refuses other sites and tricks', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\nfoo',
      ' /my-account',
      'my-account',
      '',
      undefined,
      null,
      42,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeRedirectTo(value)).toBe('/my-account');
    }
  });

  it('keeps escaped line breaks escaped, so they never reach a header as line breaks', () => {
    expect(safeRedirectTo('/%0d%0aSet-Cookie:x')).toBe('/%0d%0aSet-Cookie:x');
  });

  it('does not send a visitor back to sign-in or sign-out', () => {
    expect(safeRedirectTo('/login')).toBe('/my-account');
    expect(safeRedirectTo('/logout?x')).toBe('/my-account');
    expect(safeRedirectTo('/login/autologin/abc')).toBe('/my-account');
    expect(safeRedirectTo('/loginx')).toBe('/loginx');
    expect(safeRedirectTo('/social-authentication/google?code=x')).toBe('/my-account');
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirectTo('//x', '/')).toBe('/');
  });

  it('builds the sign-in link of a protected page', () => {
    expect(loginUrlFor('/my-account/my-details?tab=1')).toBe(
      '/login?redirectTo=%2Fmy-account%2Fmy-details%3Ftab%3D1',
    );
    expect(loginUrlFor('/')).toBe('/login');
    expect(loginUrlFor('//evil')).toBe('/login');
  });
});

describe('backToReferer', () => {
  const post = (referer?: string) =>
    new Request('https://shop.example/account-verification', {
      method: 'POST',
      headers: referer ? { Referer: referer } : {},
    });
  it('goes back to a page of this site, else the fallback', () => {
    expect(backToReferer(post('https://shop.example/cart?x=1'), '/my-account')).toBe('/cart?x=1');
    expect(backToReferer(post('https://evil.example/cart'), '/my-account')).toBe('/my-account');
    expect(backToReferer(post('not a url'), '/my-account')).toBe('/my-account');
    expect(backToReferer(post(), '/')).toBe('/');
    expect(backToReferer(post('https://shop.example/login'), '/my-account')).toBe('/my-account');
  });
});
