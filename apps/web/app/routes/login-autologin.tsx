import { autologinAction } from '../features/account/autologin.server';
import { AutoLoginPage } from '../features/account/autologin-page';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import type { Route } from './+types/login-autologin';

export const handle: ScreenHandle = { screenName: 'login-autologin' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Verifying Automatic Login');

/**
 * /login/autologin/{token} (an email's sign-in link) and /login/transfer/{token} (a session handed
 * over from another app): the page shows "Verifying Automatic Login" and exchanges the token with a
 * POST once its scripts run, so link scanners that only fetch the page do not use the token up.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return { hasToken: Boolean(params.token) };
}

export function action(args: Route.ActionArgs) {
  return autologinAction(args, { home: '/', failure: '/login' });
}

export default AutoLoginPage;
