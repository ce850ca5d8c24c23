/**
 * Cookie consent: essential cookies always, non-essential ones (analytics, third-party scripts) only
 * once the visitor accepted them. The choice is kept in a cookie for a year.
 */

export const CONSENT_CATEGORIES = ['essential', 'non_essential'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type Consent = { essential: true; nonEssential: boolean };

/** The cookie's value for a choice: the accepted categories, comma separated. */
export function consentCookieValue(nonEssential: boolean): string {
  return nonEssential ? 'essential,non_essential' : 'essential';
}

/** The stored choice, or null when the visitor has not chosen (or the value is not one we wrote). */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (value === 'essential') return { essential: true, nonEssential: false };
  if (value === 'essential,non_essential') return { essential: true, nonEssential: true };
  return null;
}

/** Analytics and third-party scripts run only with non-essential consent. */
export function allowsAnalytics(consent: Consent | null): boolean {
  return consent?.nonEssential === true;
}
