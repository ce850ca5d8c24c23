import { describe, expect, it } from 'vitest';
import { ApiError } from './api.server';
import { localeOf, toPageError } from './site.server';

const apiError = (status: number, code: string) =>
  new ApiError({ status, code, message: code, url: 'http://api.test/v2/x' });

/** The status of a `data(…, { status })` answer (React Router's DataWithResponseInit). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('init' in error)) return undefined;
  const { init } = error as { init?: { status?: number } | null };
  return init?.status;
}

describe('toPageError', () => {
  it('answers the page with the status the API gave for a missing thing or too many requests', () => {
    expect(statusOf(toPageError(apiError(404, 'not_found')))).toBe(404);
    expect(statusOf(toPageError(apiError(429, 'rate_limited')))).toBe(429);
  });

  it('tells a timed-out API (504) from an unreachable one (502)', () => {
    expect(statusOf(toPageError(apiError(408, 'timeout')))).toBe(504);
    expect(statusOf(toPageError(apiError(408, 'unreachable')))).toBe(502);
  });

  it('leaves any other failure as it is, for the error page to report', () => {
    const failure = apiError(500, 'internal');
    expect(toPageError(failure)).toBe(failure);
    const other = new Error('boom');
    expect(toPageError(other)).toBe(other);
  });
});

describe('localeOf', () => {
  const site = { locale: 'en-AU', currency: 'AUD' };

  it("takes the pricing's locale and currency, else the site's", () => {
    expect(localeOf(site, { locale: 'en-GB', currency: 'GBP' })).toEqual({
      locale: 'en-GB',
      currency: 'GBP',
    });
    expect(localeOf(site, undefined)).toEqual({ locale: 'en-AU', currency: 'AUD' });
  });

  it('never takes a malformed one (Intl would throw on it)', () => {
    expect(localeOf(site, { locale: 'en_GB<', currency: 'pounds' })).toEqual({
      locale: 'en-AU',
      currency: 'AUD',
    });
    expect(localeOf({ locale: '', currency: '' }, undefined)).toEqual({ locale: 'en-AU', currency: 'AUD' });
  });
});
