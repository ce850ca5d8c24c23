import { describe, expect, it } from 'vitest';
import { loader } from './autologin';

const go = (query: string) => {
  const response = loader({
    request: new Request(`http://shop.test/autologin${query}`),
    params: {},
    context: {},
  } as never);
  return response.headers.get('location');
};

describe('/autologin', () => {
  it('takes the token to the automatic sign-in page, with the other link parameters', () => {
    expect(go('?token=abc-123')).toBe('/login/autologin/abc-123');
    expect(go('?token=abc&utm_source=app&sv=vip')).toBe('/login/autologin/abc?utm_source=app&sv=vip');
  });

  it('sends a missing or unusable token to the sign-in page', () => {
    expect(go('')).toBe('/login');
    expect(go('?token=a/b')).toBe('/login');
    expect(go('?token=%3Cscript%3E&sv=vip')).toBe('/login?sv=vip');
  });
});
