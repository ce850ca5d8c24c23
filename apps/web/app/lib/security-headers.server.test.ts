import { describe, expect, it } from 'vitest';
import { createNonce } from './page-nonce.server';
import { type HeaderList, PERMISSIONS_POLICY, securityHeaders } from './security-headers.server';

function directivesOf(headers: HeaderList): Map<string, string> {
  const policy = new Map(headers).get('content-security-policy') ?? '';
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('securityHeaders', () => {
  it('sets the shop policy on every answer: scripts only from the shop, no framing, no plugins', () => {
    const headers = new Map(securityHeaders());
    const csp = directivesOf(securityHeaders());
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data:");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.has('strict-transport-security')).toBe(false);
  });

  it("allows a page's inline scripts by its nonce, and only that nonce", () => {
    const nonce = createNonce();
    expect(directivesOf(securityHeaders({ nonce })).get('script-src')).toBe(`'self' 'nonce-${nonce}'`);
    const other = createNonce();
    expect(directivesOf(securityHeaders({ nonce: other })).get('script-src')).toBe(`'self' 'nonce-${other}'`);
  });

  it('refuses a nonce that could change the policy', () => {
    expect(() => securityHeaders({ nonce: "x' 'unsafe-inline" })).toThrow();
    expect(() => securityHeaders({ nonce: 'x; script-src *' })).toThrow();
  });

  it('adds HSTS and upgrade-insecure-requests over HTTPS only', () => {
    const headers = new Map(securityHeaders({ https: true }));
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directivesOf(securityHeaders({ https: true })).has('upgrade-insecure-requests')).toBe(true);
  });

  it("lets the dev server's hot-reload socket connect in development only", () => {
    const api = 'https://api.example.test';
    expect(directivesOf(securityHeaders({ apiOrigin: api })).get('connect-src')).toBe(`'self' ${api}`);
    expect(directivesOf(securityHeaders({ development: true, apiOrigin: api })).get('connect-src')).toBe(
      `'self' ${api} ws: wss:`,
    );
  });

  it("lets card details go to the API's tokenising endpoint and frames only the shop and the API", () => {
    const csp = directivesOf(securityHeaders({ apiOrigin: 'https://api.example.test' }));
    expect(csp.get('connect-src')).toBe("'self' https://api.example.test");
    expect(csp.get('frame-src')).toBe("'self' https://api.example.test");
    expect(csp.get('form-action')).toBe("'self' https://api.example.test");
    // The shop itself is still never framed.
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('lets forms go on to the ConnectID provider’s sign-in page, and nothing else there', () => {
    const csp = directivesOf(
      securityHeaders({
        apiOrigin: 'https://api.example.test',
        identityProviderOrigin: 'https://id.example.test',
      }),
    );
    expect(csp.get('form-action')).toBe("'self' https://api.example.test https://id.example.test");
    expect(csp.get('frame-src')).toBe("'self' https://api.example.test");
    expect(csp.get('connect-src')).toBe("'self' https://api.example.test");
  });

  it('lets "Continue with Apple" and "Continue with Google" go on to their sign-in pages', () => {
    const csp = directivesOf(
      securityHeaders({
        apiOrigin: 'https://api.example.test',
        signInProviderOrigins: ['https://appleid.apple.com', 'https://accounts.google.com'],
      }),
    );
    expect(csp.get('form-action')).toBe(
      "'self' https://api.example.test https://appleid.apple.com https://accounts.google.com",
    );
    expect(csp.get('frame-src')).toBe("'self' https://api.example.test");
  });

  it('takes the API origin from the configuration by default', () => {
    const csp = directivesOf(securityHeaders());
    expect(csp.get('frame-src')).toMatch(/^'self' https?:\/\/[^ ;]+$/);
  });
});
