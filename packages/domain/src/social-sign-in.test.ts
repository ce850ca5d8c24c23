import { describe, expect, it } from 'vitest';
import { isPrivateRelayEmail, mayUnlinkProvider, socialAnswerOutcome } from './social-sign-in.ts';

describe('socialAnswerOutcome', () => {
  it('signs in the customer a linked account belongs to', () => {
    expect(socialAnswerOutcome({ linkedTo: 'c1', linking: null, emailOwner: 'c2' })).toEqual({
      kind: 'sign_in',
      customerId: 'c1',
    });
  });

  it('never signs in or links on a matching email alone', () => {
    expect(socialAnswerOutcome({ linkedTo: null, linking: null, emailOwner: 'c2' })).toEqual({
      kind: 'account_exists',
      customerId: 'c2',
    });
  });

  it('joins when nobody has the account or its email', () => {
    expect(socialAnswerOutcome({ linkedTo: null, linking: null, emailOwner: null })).toEqual({
      kind: 'join',
    });
  });

  it('links for the customer who started the link, whatever the email', () => {
    expect(socialAnswerOutcome({ linkedTo: null, linking: 'c1', emailOwner: 'c2' })).toEqual({
      kind: 'link',
      customerId: 'c1',
    });
    expect(socialAnswerOutcome({ linkedTo: 'c1', linking: 'c1', emailOwner: null })).toEqual({
      kind: 'link',
      customerId: 'c1',
    });
  });

  it('refuses a link of an account linked to someone else', () => {
    expect(socialAnswerOutcome({ linkedTo: 'c2', linking: 'c1', emailOwner: null })).toEqual({
      kind: 'taken',
    });
  });
});

describe('mayUnlinkProvider', () => {
  it('keeps the last way to sign in', () => {
    expect(mayUnlinkProvider({ provider: 'apple', linked: ['apple'], hasPassword: false })).toBe(false);
  });

  it('allows an unlink when a password or another provider remains', () => {
    expect(mayUnlinkProvider({ provider: 'apple', linked: ['apple'], hasPassword: true })).toBe(true);
    expect(mayUnlinkProvider({ provider: 'apple', linked: ['apple', 'google'], hasPassword: false })).toBe(
      true,
    );
  });
});

describe('isPrivateRelayEmail', () => {
  it("recognises Apple's relay addresses", () => {
    expect(isPrivateRelayEmail('x7k2@privaterelay.appleid.com')).toBe(true);
    expect(isPrivateRelayEmail('sam@example.com')).toBe(false);
  });
});
