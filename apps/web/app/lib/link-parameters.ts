/**
 * Page-level link parameters, with the lifetimes of their cookies. Any page may be opened with
 * them; they are remembered in cookies so that later requests (and the cart) still know them.
 *
 * - sv: sub variant, upper-cased, only when not signed in; cookie `sv` for one year.
 * - p: partner, act: action code; session cookies `p` and `act`.
 * - utm_campaign, utm_medium, utm_source, utm_term, utm_content: together in one encoded cookie
 *   `utm` (a query string). A link carrying any of them replaces the whole set: it is a new visit
 *   from a new campaign. Session cookie.
 * - aff: affiliate code, cookie `aff` for 14 days (removed after a successful add to cart); taken
 *   from the page's link, not from its data requests.
 * - favourite_numbers=true: session cookie `favourite_numbers`.
 *
 * Values that are not identifiers (letters, digits, - and _) are ignored, like any identifier
 * arriving from outside. utm values are free text, limited to 200 characters.
 */
import { cleanIdentifier } from '@drawhouse/domain';
import { type CookieOptions, FOURTEEN_DAYS_SECONDS, ONE_YEAR_SECONDS, serializeCookie } from './cookies';

export const UTM_KEYS = ['utm_campaign', 'utm_medium', 'utm_source', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

export const LINK_PARAMETER_NAMES: readonly string[] = [
  'sv',
  'p',
  'act',
  'aff',
  'favourite_numbers',
  ...UTM_KEYS,
];

export type LinkParameters = {
  subVariant?: string;
  partner?: string;
  action?: string;
  affiliateCode?: string;
  utm: Utm;
  favouriteNumbers: boolean;
};

const UTM_MAX_LENGTH = 200;

export function encodeUtm(utm: Utm): string {
  const search = new URLSearchParams();
  for (const key of UTM_KEYS) {
    const value = utm[key];
    if (value) search.set(key, value);
  }
  return search.toString();
}

export function decodeUtm(encoded: string | undefined): Utm {
  const utm: Utm = {};
  if (!encoded) return utm;
  const search = new URLSearchParams(encoded);
  for (const key of UTM_KEYS) {
    const value = search.get(key);
    if (value) utm[key] = value.slice(0, UTM_MAX_LENGTH);
  }
  return utm;
}

export function hasLinkParameters(url: URL): boolean {
  return LINK_PARAMETER_NAMES.some((name) => url.searchParams.has(name));
}

/**
 * The link parameters in force for this request (the URL's, else the remembered ones) and the
 * Set-Cookie values that remember the URL's.
 */
export function applyLinkParameters(
  url: URL,
  cookies: Record<string, string>,
  options: { signedIn: boolean; secure: boolean; pageLoad?: boolean },
): { parameters: LinkParameters; setCookies: string[] } {
  const setCookies: string[] = [];
  const base: CookieOptions = { secure: options.secure, httpOnly: true, sameSite: 'Lax' };
  const query = url.searchParams;

  const remember = (name: string, value: string, maxAge?: number) => {
    if (cookies[name] !== value || maxAge !== undefined)
      setCookies.push(serializeCookie(name, value, { ...base, maxAge }));
  };

  let subVariant = cleanIdentifier(cookies.sv?.toUpperCase());
  if (!options.signedIn) {
    const fromLink = cleanIdentifier(query.get('sv')?.toUpperCase());
    if (fromLink) {
      subVariant = fromLink;
      remember('sv', fromLink, ONE_YEAR_SECONDS);
    }
  }

  let partner = cleanIdentifier(cookies.p);
  const partnerFromLink = cleanIdentifier(query.get('p'));
  if (partnerFromLink) {
    partner = partnerFromLink;
    remember('p', partnerFromLink);
  }

  let action = cleanIdentifier(cookies.act);
  const actionFromLink = cleanIdentifier(query.get('act'));
  if (actionFromLink) {
    action = actionFromLink;
    remember('act', actionFromLink);
  }

  let affiliateCode = cleanIdentifier(cookies.aff);
  // Only a page load takes the code from the link: the page's data is read again, with the page's
  // query, after every form post, which would bring back a code that an add to cart just removed.
  const affiliateFromLink = options.pageLoad === false ? undefined : cleanIdentifier(query.get('aff'));
  if (affiliateFromLink) {
    affiliateCode = affiliateFromLink;
    remember('aff', affiliateFromLink, FOURTEEN_DAYS_SECONDS);
  }

  let utm = decodeUtm(cookies.utm);
  if (UTM_KEYS.some((key) => query.has(key))) {
    const fromLink: Utm = {};
    for (const key of UTM_KEYS) {
      const value = query.get(key)?.trim();
      if (value) fromLink[key] = value.slice(0, UTM_MAX_LENGTH);
    }
    const encoded = encodeUtm(fromLink);
    if (encoded) {
      utm = fromLink;
      remember('utm', encoded);
    }
  }

  let favouriteNumbers = cookies.favourite_numbers === 'true';
  if (query.get('favourite_numbers') === 'true') {
    favouriteNumbers = true;
    remember('favourite_numbers', 'true');
  }

  return { parameters: { subVariant, partner, action, affiliateCode, utm, favouriteNumbers }, setCookies };
}
