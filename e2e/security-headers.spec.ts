import { test as plain } from '@playwright/test';
import { expect, test } from './fixtures';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function expectShopHeaders(headers: Record<string, string>): void {
  expect(headers).toMatchObject(COMMON);
  expect(headers['permissions-policy']).toContain('camera=()');
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).toMatch(/script-src 'self'(;| 'nonce-)/);
}

function nonceOf(headers: Record<string, string>): string {
  const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
  if (!nonce) throw new Error('the page has no nonce');
  return nonce;
}

test.describe('security headers', () => {
  test('every page answer has its own nonce, which every inline script carries', async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      // The second answer comes from the render cache: it must not repeat the first nonce.
      const res = await request.get('/');
      expect(res.status()).toBe(200);
      const headers = res.headers();
      expectShopHeaders(headers);
      const nonce = nonceOf(headers);
      nonces.add(nonce);
      const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });

  test('static files, refusals, redirects and missing pages carry them too', async ({ request }) => {
    const answers = [
      await request.get('/favicon.svg'),
      await request.get('/no-such-page-here'),
      await request.get('/my-account', { maxRedirects: 0 }),
      await request.post('/login', { headers: { Origin: 'https://evil.example' }, form: { email: 'x' } }),
    ];
    expect(answers.map((res) => res.status())).toEqual([200, 404, 302, 403]);
    for (const res of answers) expectShopHeaders(res.headers());
    expect(answers[0]?.headers()['content-security-policy']).not.toContain('nonce-');
  });

  test('HSTS only when the visitor came over HTTPS (through the trusted proxy)', async ({ request }) => {
    const plainHttp = await request.get('/favicon.svg');
    expect(plainHttp.headers()['strict-transport-security']).toBeUndefined();
    const https = await request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

plain('the page refuses an inline script without its nonce', async ({ page }) => {
  await page.goto('/');
  const outcome = await page.evaluate(`new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (event) =>
      resolve({ ran: 'injected' in window, directive: event.effectiveDirective }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  })`);
  expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
});
