import { ContentSiteConfigSchema } from '@drawhouse/contract';
import { redirect, replace } from 'react-router';
import { api } from '../lib/api.server';
import { bannerDismissalCookie } from '../lib/shell.server';
import { orPageError } from '../lib/site.server';
import { publicCallerOf, secureCookies, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/banner-dismiss';

/** Only a path on this site, never another origin. */
function safeReturnTo(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** Dismiss: remember the current banner's id, text and the date in a cookie, then go back. */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const returnTo = safeReturnTo(form.get('returnTo'));
  const content = await orPageError(
    api.get(ContentSiteConfigSchema, 'cms', '/items/site_config', { caller: publicCallerOf(visitor) }),
  );
  const banner = content.sitewideBanner;
  const headers = new Headers();
  if (banner && banner.id === form.get('bannerId')) {
    headers.append('Set-Cookie', bannerDismissalCookie(banner, new Date(), secureCookies(request)));
  }
  return replace(returnTo, { headers });
}

export function loader() {
  return redirect('/');
}
