import { describe, expect, it } from 'vitest';
import { createNonce, NONCE_STAND_IN, noncedPage, withNonce } from './page-nonce.server';

const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('page nonces', () => {
  it('are 128 random bits in 22 URL-safe characters, different every time', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createNonce()).not.toBe(a);
  });

  it('take the place of the stand-in in a kept page, a new one for every answer', () => {
    const html = `<p>Zoë</p><script nonce="${NONCE_STAND_IN}">a()</script><link nonce="${NONCE_STAND_IN}">`;
    const page = noncedPage(encode(html));
    expect(page.nonceAt).toHaveLength(2);
    const first = createNonce();
    const second = createNonce();
    const one = decode(withNonce(page, first));
    const two = decode(withNonce(page, second));
    expect(one).toBe(html.replaceAll(NONCE_STAND_IN, first));
    expect(two).toBe(html.replaceAll(NONCE_STAND_IN, second));
    expect(one).not.toContain(NONCE_STAND_IN);
    // The kept page is not changed by an answer.
    expect(decode(page.html)).toBe(html);
  });

  it('leave a page without scripts as it was', () => {
    const page = noncedPage(encode('<p>plain</p>'));
    expect(decode(withNonce(page, createNonce()))).toBe('<p>plain</p>');
  });

  it('must be made by createNonce', () => {
    expect(() => withNonce(noncedPage(encode('')), 'short')).toThrow();
  });
});
