import { describe, expect, it } from 'vitest';
import { appleUserField, socialAnswerOf, socialProviderOf, stateOfAuthorizationUrl } from './social-answer';

describe('socialAnswerOf', () => {
  it('reads a redirect query (Google)', () => {
    const query = new URLSearchParams({ state: 's1', code: 'c1', iss: 'https://accounts.google.com' });
    expect(socialAnswerOf(query)).toEqual({
      state: 's1',
      code: 'c1',
      iss: 'https://accounts.google.com',
      error: undefined,
      errorDescription: undefined,
    });
  });

  it('reads a posted form (Apple) with its first-time user field', () => {
    const form = new FormData();
    form.set('state', 's2');
    form.set('code', 'c2');
    form.set('user', JSON.stringify({ name: { firstName: 'Avery', lastName: 'Apple' }, email: 'x@y.z' }));
    expect(socialAnswerOf(form)).toMatchObject({
      state: 's2',
      code: 'c2',
      user: '{"name":{"firstName":"Avery","lastName":"Apple"}}',
    });
  });

  it('reads a refusal', () => {
    const query = new URLSearchParams({ state: 's3', error: 'access_denied', error_description: 'no' });
    expect(socialAnswerOf(query)).toMatchObject({ error: 'access_denied', errorDescription: 'no' });
  });

  it('is no answer without a state, and bounds every field', () => {
    expect(socialAnswerOf(new URLSearchParams({ code: 'c' }))).toBeUndefined();
    const long = socialAnswerOf(new URLSearchParams({ state: 'x'.repeat(500), code: 'c'.repeat(5000) }));
    expect(long?.state).toHaveLength(200);
    expect(long?.code).toHaveLength(2000);
  });
});

describe('appleUserField', () => {
  it('keeps only the name', () => {
    expect(appleUserField('{"name":{"firstName":" Ann ","lastName":""},"email":"a@b.c"}')).toBe(
      '{"name":{"firstName":"Ann"}}',
    );
  });

  it('drops anything that is not a name', () => {
    for (const value of [undefined, '', 'not json', '[]', 'null', '{"name":"Ann"}', '{"name":{}}', 42]) {
      expect(appleUserField(value)).toBeUndefined();
    }
    expect(appleUserField(`{"name":{"firstName":"${'a'.repeat(3000)}"}}`)).toBeUndefined();
  });
});

describe('socialProviderOf', () => {
  it('knows apple and google only', () => {
    expect(socialProviderOf('apple')).toBe('apple');
    expect(socialProviderOf('google')).toBe('google');
    expect(socialProviderOf('facebook')).toBeUndefined();
    expect(socialProviderOf('apple\u0000')).toBeUndefined();
  });
});

describe('stateOfAuthorizationUrl', () => {
  it('reads the state the provider will send back', () => {
    expect(stateOfAuthorizationUrl('https://appleid.apple.com/auth/authorize?state=abc&nonce=n')).toBe('abc');
    expect(stateOfAuthorizationUrl('not a url')).toBeUndefined();
    expect(stateOfAuthorizationUrl('https://accounts.google.com/o/oauth2/v2/auth')).toBeUndefined();
  });
});
