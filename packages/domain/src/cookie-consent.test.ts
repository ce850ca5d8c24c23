import { describe, expect, it } from 'vitest';
import {
  allowsAnalytics,
  CONSENT_MAX_AGE_SECONDS,
  consentCookieValue,
  parseConsent,
} from './cookie-consent.ts';

describe('cookie consent', () => {
  it('round-trips both choices through the cookie', () => {
    expect(parseConsent(consentCookieValue(true))).toEqual({ essential: true, nonEssential: true });
    expect(parseConsent(consentCookieValue(false))).toEqual({ essential: true, nonEssential: false });
  });

  it('reads no choice from a missing or foreign value', () => {
    expect(parseConsent(undefined)).toBeNull();
    expect(parseConsent('yes')).toBeNull();
  });

  it('allows analytics only with non-essential consent', () => {
    expect(allowsAnalytics(null)).toBe(false);
    expect(allowsAnalytics(parseConsent('essential'))).toBe(false);
    expect(allowsAnalytics(parseConsent('essential,non_essential'))).toBe(true);
  });

  it('remembers the choice for a year', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
  });
});
