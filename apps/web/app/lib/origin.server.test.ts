import { describe, expect, it } from 'vitest';
import { checkOrigin, isCrossSite } from './origin.server';

function post(headers: Record<string, string>, method = 'POST') {
  return new Request('http://shop.example/login', { method, headers: { Host: 'shop.example', ...headers } });
}

describe('origin check', () => {
  it('lets same-origin posts and safe methods through', () => {
    expect(isCrossSite(post({ Origin: 'http://shop.example' }), {})).toBe(false);
    expect(isCrossSite(post({ Origin: 'https://SHOP.example' }), {})).toBe(false);
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'same-origin' }), {})).toBe(false);
    expect(isCrossSite(post({ Origin: 'https://evil.example' }, 'GET'), {})).toBe(false);
    expect(isCrossSite(post({}), {})).toBe(false);
  });

  it('refuses posts from other sites', () => {
    expect(isCrossSite(post({ Origin: 'https://evil.example' }), {})).toBe(true);
    expect(isCrossSite(post({ Origin: 'null' }), {})).toBe(true);
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'cross-site' }), {})).toBe(true);
    expect(isCrossSite(post({ Referer: 'https://evil.example/page' }), {})).toBe(true);
    expect(isCrossSite(post({ Origin: 'https://shop.example.evil.example' }), {})).toBe(true);
    expect(checkOrigin(post({ Origin: 'https://evil.example' }))?.status).toBe(403);
  });

  it("lets Apple post its answer to the Apple landing page only (not its data route, not Google's)", () => {
    const from = (path: string) =>
      new Request(`http://shop.example${path}`, {
        method: 'POST',
        headers: {
          Host: 'shop.example',
          Origin: 'https://appleid.apple.com',
          'Sec-Fetch-Site': 'cross-site',
        },
      });
    expect(checkOrigin(from('/social-authentication/apple'))).toBeUndefined();
    expect(checkOrigin(from('/social-authentication/apple.data'))?.status).toBe(403);
    expect(checkOrigin(from('/social-authentication/google'))?.status).toBe(403);
  });

  it('accepts the public origin behind a proxy', () => {
    const request = new Request('http://10.0.0.2:3000/login', {
      method: 'POST',
      headers: { Host: '10.0.0.2:3000', Origin: 'https://www.drawhouse.example' },
    });
    expect(isCrossSite(request, {})).toBe(true);
    expect(isCrossSite(request, { WEB_BASE_URL: 'https://www.drawhouse.example' })).toBe(false);
    expect(
      isCrossSite(request, { ALLOWED_ORIGINS: 'https://a.example, https://www.drawhouse.example' }),
    ).toBe(false);
  });
});
