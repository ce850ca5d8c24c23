import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentCookieValue } from '@drawhouse/domain';
import { data, redirect, replace } from 'react-router';
import { serializeCookie } from '../lib/cookies';
import { loadSite, siteHas } from '../lib/site.server';
import { secureCookies, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cookie-consent';

/** Only a path on this site, never another origin. */
function safeReturnTo(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** Accept all or Essential only: the choice is kept in a cookie for a year (cookie_consent capability). */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await loadSite(visitorOf(context));
  if (!siteHas(site, 'cookie_consent')) throw data(null, { status: 404 });
  const form = await request.formData();
  const choice = form.get('choice');
  const returnTo = safeReturnTo(form.get('returnTo'));
  if (choice !== 'all' && choice !== 'essential') return replace(returnTo);
  const cookie = serializeCookie(CONSENT_COOKIE, consentCookieValue(choice === 'all'), {
    maxAge: CONSENT_MAX_AGE_SECONDS,
    secure: secureCookies(request),
  });
  return replace(returnTo, { headers: { 'Set-Cookie': cookie } });
}

export function loader() {
  return redirect('/');
}
