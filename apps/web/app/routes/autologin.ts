import { redirect } from 'react-router';
import type { Route } from './+types/autologin';

/**
 * `/autologin?token=…`: the shell's short sign-in link, for links that carry the token as a query
 * (an app or a partner that cannot build paths). It goes to `/login/autologin/{token}`, whose page
 * exchanges the token only once its scripts run; without a usable token, to the sign-in page. Other
 * query parameters (utm, sv) go along.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  url.searchParams.delete('token');
  const rest = url.searchParams.size > 0 ? `?${url.searchParams}` : '';
  if (!/^[A-Za-z0-9_.~-]{1,512}$/.test(token)) return redirect(`/login${rest}`);
  return redirect(`/login/autologin/${token}${rest}`);
}
