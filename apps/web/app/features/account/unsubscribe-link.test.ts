import { describe, expect, it } from 'vitest';
import { isUnsubscribeLinkUsable } from './unsubscribe-link';

const id = '3f2b8c1e-2d4a-4c6b-9e8f-0a1b2c3d4e5f';
const now = new Date('2026-06-01T00:00:00Z');
const at = (date: string) => Math.floor(new Date(date).getTime() / 1000);
const token = (expires: number) => `${expires}.abcdefghijklmnopqrstuvwxyz012345`;

describe('unsubscribe link', () => {
  it('works with a customer id and a token that has not expired', () => {
    expect(isUnsubscribeLinkUsable({ customerId: id, token: token(at('2026-07-01')) }, now)).toBe(true);
  });

  it('is invalid with an id that is not a customer id, without a token, or with an expired or malformed one', () => {
    const good = token(at('2026-07-01'));
    expect(isUnsubscribeLinkUsable({ customerId: 'not-a-customer', token: good }, now)).toBe(false);
    expect(isUnsubscribeLinkUsable({ customerId: id, token: null }, now)).toBe(false);
    expect(isUnsubscribeLinkUsable({ customerId: id, token: token(at('2026-05-01')) }, now)).toBe(false);
    expect(isUnsubscribeLinkUsable({ customerId: id, token: 'abc' }, now)).toBe(false);
  });

  it('needs no token when the customer is signed in as that customer', () => {
    expect(isUnsubscribeLinkUsable({ customerId: id, token: null, signedInCustomerId: id }, now)).toBe(true);
    expect(isUnsubscribeLinkUsable({ customerId: 'x', token: null, signedInCustomerId: 'x' }, now)).toBe(
      false,
    );
  });
});
