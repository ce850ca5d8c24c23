import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes http and https addresses links and keeps the rest as text', () => {
    expect(linkify('Confirm: http://localhost:3000/account-verification?token=abc.')).toEqual([
      { text: 'Confirm: ' },
      {
        text: 'http://localhost:3000/account-verification?token=abc',
        href: 'http://localhost:3000/account-verification?token=abc',
      },
      { text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkify('javascript:alert(1) and data:text/html,x')).toEqual([
      { text: 'javascript:alert(1) and data:text/html,x' },
    ]);
  });

  it('reads several links and text without any', () => {
    expect(linkify('a https://x.example/1 b https://y.example/2').filter((p) => p.href)).toHaveLength(2);
    expect(linkify('no links')).toEqual([{ text: 'no links' }]);
  });
});
