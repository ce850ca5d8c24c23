import { describe, expect, it } from 'vitest';
import {
  apiPublicOrigin,
  checkApiAnswers,
  connectIdOrigin,
  DEV_WEB_APP_SECRET,
  devMailboxEnabled,
  socialSignInOrigins,
  startupProblems,
} from './config.server';
import { DEV_SESSION_SECRET } from './seal.server';

const production = {
  NODE_ENV: 'production',
  WEB_APP_SECRET: 'w'.repeat(32),
  SESSION_SECRET: 's'.repeat(32),
};

describe('startupProblems', () => {
  it('passes a production run with secrets of its own', () => {
    expect(startupProblems(production)).toEqual([]);
  });

  it.each([
    ['WEB_APP_SECRET', undefined],
    ['WEB_APP_SECRET', DEV_WEB_APP_SECRET],
    ['WEB_APP_SECRET', 'w'.repeat(31)],
    ['SESSION_SECRET', undefined],
    ['SESSION_SECRET', DEV_SESSION_SECRET],
    ['SESSION_SECRET', 's'.repeat(31)],
  ])('refuses a production run whose %s is %s, naming the variable', (name, value) => {
    const problems = startupProblems({ ...production, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${name} must be set`)).toBe(true);
  });

  it('refuses the development mailbox in production, except in the local demo of a production build', () => {
    const problems = startupProblems({ ...production, DEV_MAILBOX: '1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DEV_MAILBOX must not be set in production/);
    expect(startupProblems({ ...production, DEV_MAILBOX: '1', DRAWHOUSE_DEMO: '1' })).toEqual([]);
  });

  it('asks nothing of a development run but readable flags', () => {
    expect(startupProblems({ NODE_ENV: 'development', DEV_MAILBOX: '1' })).toEqual([]);
    expect(startupProblems({ DEV_MAILBOX: 'yes' })).toEqual(['DEV_MAILBOX must be 1 or 0, got "yes".']);
  });
});

describe('devMailboxEnabled', () => {
  it('is an explicit opt-in, whatever NODE_ENV says', () => {
    expect(devMailboxEnabled({ NODE_ENV: 'development' })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEV_MAILBOX: '0' })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEV_MAILBOX: '1' })).toBe(true);
  });
});

describe('checkApiAnswers', () => {
  it('checks outside production, and in production only when asked', () => {
    expect(checkApiAnswers({ NODE_ENV: 'development' })).toBe(true);
    expect(checkApiAnswers({ NODE_ENV: 'test' })).toBe(true);
    expect(checkApiAnswers({ NODE_ENV: 'production' })).toBe(false);
    expect(checkApiAnswers({ NODE_ENV: 'production', CHECK_API_ANSWERS: '0' })).toBe(false);
    expect(checkApiAnswers({ NODE_ENV: 'production', CHECK_API_ANSWERS: '1' })).toBe(true);
    expect(startupProblems({ ...production, CHECK_API_ANSWERS: 'on' })).toEqual([
      'CHECK_API_ANSWERS must be 1 or 0, got "on".',
    ]);
  });
});

describe('apiPublicOrigin', () => {
  it("is API_PUBLIC_URL's origin, else API_URL's, else the local API", () => {
    expect(
      apiPublicOrigin({ API_PUBLIC_URL: 'https://api.example.test/v2', API_URL: 'http://10.0.0.2:4000' }),
    ).toBe('https://api.example.test');
    expect(apiPublicOrigin({ API_URL: 'http://127.0.0.1:4100' })).toBe('http://127.0.0.1:4100');
    expect(apiPublicOrigin({})).toBe('http://localhost:4000');
  });

  it('refuses a value that is not an http(s) address, as a startup problem', () => {
    expect(apiPublicOrigin({ API_PUBLIC_URL: 'javascript:alert(1)' })).toBeUndefined();
    expect(startupProblems({ NODE_ENV: 'development', API_PUBLIC_URL: 'not a url' })).toEqual([
      expect.stringContaining('API_PUBLIC_URL'),
    ]);
  });
});

describe('connectIdOrigin', () => {
  it('is the ConnectID issuer’s origin while ConnectID is on', () => {
    expect(connectIdOrigin({ CONNECTID: 'sandbox', CONNECTID_ISSUER: 'http://localhost:4500' })).toBe(
      'http://localhost:4500',
    );
    expect(connectIdOrigin({ CONNECTID: 'provider', CONNECTID_ISSUER: 'https://id.example.test/oidc' })).toBe(
      'https://id.example.test',
    );
  });

  it('is nothing while ConnectID is off or its issuer is not a web address', () => {
    expect(connectIdOrigin({})).toBeUndefined();
    expect(connectIdOrigin({ CONNECTID: 'none', CONNECTID_ISSUER: 'http://localhost:4500' })).toBeUndefined();
    expect(connectIdOrigin({ CONNECTID: 'sandbox', CONNECTID_ISSUER: 'ftp://x' })).toBeUndefined();
  });
});

describe('socialSignInOrigins', () => {
  it('is the origin of each provider switched on', () => {
    expect(
      socialSignInOrigins({
        APPLE_SIGN_IN: 'provider',
        APPLE_ISSUER: 'https://appleid.apple.com',
        GOOGLE_SIGN_IN: 'provider',
        GOOGLE_ISSUER: 'https://accounts.google.com',
      }),
    ).toEqual(['https://appleid.apple.com', 'https://accounts.google.com']);
    expect(
      socialSignInOrigins({
        APPLE_SIGN_IN: 'sandbox',
        GOOGLE_SIGN_IN: 'sandbox',
        GOOGLE_ISSUER: 'http://localhost:6002',
      }),
    ).toEqual(['http://localhost:4501', 'http://localhost:6002']);
  });

  it('is nothing for a provider that is off or has no web address', () => {
    expect(socialSignInOrigins({})).toEqual([]);
    expect(socialSignInOrigins({ APPLE_SIGN_IN: 'none', APPLE_ISSUER: 'https://appleid.apple.com' })).toEqual(
      [],
    );
    expect(socialSignInOrigins({ GOOGLE_SIGN_IN: 'provider' })).toEqual([]);
    expect(socialSignInOrigins({ GOOGLE_SIGN_IN: 'provider', GOOGLE_ISSUER: 'ftp://x' })).toEqual([]);
  });
});
