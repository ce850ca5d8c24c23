import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies';
import { applyLinkParameters, decodeUtm, encodeUtm, hasLinkParameters } from './link-parameters';

const anonymous = { signedIn: false, secure: false };

function apply(search: string, cookies: Record<string, string> = {}, options = anonymous) {
  return applyLinkParameters(new URL(`https://drawhouse.test/${search}`), cookies, options);
}

describe('cookies', () => {
  it('parses and encodes values', () => {
    expect(parseCookies('a=1; utm=utm_source%3Dmail; b="q"; bad=%E0%A4%A')).toEqual({
      a: '1',
      utm: 'utm_source=mail',
      b: 'q',
      bad: '%E0%A4%A',
    });
    expect(parseCookies(null)).toEqual({});
    expect(serializeCookie('sv', 'X', { maxAge: 60, secure: true })).toBe(
      'sv=X; Path=/; Max-Age=60; SameSite=Lax; HttpOnly; Secure',
    );
    expect(serializeCookie('banner', '', { maxAge: 0 })).toContain('Expires=Thu, 01 Jan 1970');
  });
});

describe('page-level link parameters', () => {
  it('upper-cases sv and keeps it for a year when not signed in', () => {
    const { parameters, setCookies } = apply('?sv=promo_a');
    expect(parameters.subVariant).toBe('PROMO_A');
    expect(setCookies).toEqual(['sv=PROMO_A; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly']);
  });

  it('ignores sv in the link when signed in, but keeps a remembered one', () => {
    const { parameters, setCookies } = apply('?sv=new', { sv: 'OLD' }, { signedIn: true, secure: false });
    expect(parameters.subVariant).toBe('OLD');
    expect(setCookies).toEqual([]);
  });

  it('reads remembered values when the link has none', () => {
    const { parameters, setCookies } = apply('', {
      sv: 'b',
      aff: 'aff1',
      p: 'partner1',
      act: 'act1',
      utm: 'utm_source=mail&utm_medium=email',
      favourite_numbers: 'true',
    });
    expect(parameters).toEqual({
      subVariant: 'B',
      affiliateCode: 'aff1',
      partner: 'partner1',
      action: 'act1',
      utm: { utm_source: 'mail', utm_medium: 'email' },
      favouriteNumbers: true,
    });
    expect(setCookies).toEqual([]);
  });

  it('stores every utm parameter together in one encoded cookie, replacing the old set', () => {
    const { parameters, setCookies } = apply('?utm_source=news%20letter&utm_campaign=spring&utm_term=', {
      utm: 'utm_medium=old',
    });
    expect(parameters.utm).toEqual({ utm_source: 'news letter', utm_campaign: 'spring' });
    expect(setCookies).toHaveLength(1);
    const [cookie] = setCookies;
    expect(cookie).toMatch(/^utm=[^;]+; Path=\/; SameSite=Lax; HttpOnly$/);
    const value = parseCookies(cookie?.split(';')[0]).utm;
    expect(decodeUtm(value)).toEqual({ utm_campaign: 'spring', utm_source: 'news letter' });
  });

  it("does not take the affiliate code from a page's data request", () => {
    const url = new URL('https://drawhouse.test/powerball?aff=abc');
    const { parameters, setCookies } = applyLinkParameters(url, {}, { ...anonymous, pageLoad: false });
    expect(parameters.affiliateCode).toBeUndefined();
    expect(setCookies).toEqual([]);
  });

  it('keeps the affiliate code for 14 days and partner, action and favourite numbers for the session', () => {
    const { parameters, setCookies } = apply('?aff=AFF-9&p=acme&act=welcome&favourite_numbers=true');
    expect(parameters).toMatchObject({
      affiliateCode: 'AFF-9',
      partner: 'acme',
      action: 'welcome',
      favouriteNumbers: true,
    });
    expect(setCookies).toEqual([
      'p=acme; Path=/; SameSite=Lax; HttpOnly',
      'act=welcome; Path=/; SameSite=Lax; HttpOnly',
      'aff=AFF-9; Path=/; Max-Age=1209600; SameSite=Lax; HttpOnly',
      'favourite_numbers=true; Path=/; SameSite=Lax; HttpOnly',
    ]);
  });

  it('treats values that are not identifiers as absent', () => {
    const { parameters, setCookies } = apply('?sv=<script>&aff=a%20b&p=&favourite_numbers=yes', {
      aff: 'bad value',
    });
    expect(parameters.subVariant).toBeUndefined();
    expect(parameters.affiliateCode).toBeUndefined();
    expect(parameters.partner).toBeUndefined();
    expect(parameters.favouriteNumbers).toBe(false);
    expect(setCookies).toEqual([]);
  });

  it('marks secure cookies in production', () => {
    const { setCookies } = apply('?aff=x', {}, { signedIn: false, secure: true });
    expect(setCookies[0]).toMatch(/; Secure$/);
  });

  it('knows whether a URL carries any of them', () => {
    expect(hasLinkParameters(new URL('https://d.test/?utm_term=x'))).toBe(true);
    expect(hasLinkParameters(new URL('https://d.test/?page=2'))).toBe(false);
    expect(encodeUtm({ utm_source: 'a&b' })).toBe('utm_source=a%26b');
  });
});
