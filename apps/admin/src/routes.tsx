/**
 * The back office's routes: sign-in and invitation pages open to anyone; everything else inside the
 * signed-in layout, each page of PAGES behind its role. A 401 anywhere goes to the sign-in page; a
 * page whose role the operator lacks shows "You do not have the … role" (the API refuses it too).
 */
import { EmptyResultSchema, type OperatorSession } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { Layout } from './layout';
import { ApiError, adminCall } from './lib/api';
import { currentSession, hasRole, toSignIn } from './lib/session';
import type { AdminPage } from './page';
import { PAGES } from './pages';
import { InvitationPage, invitationAction, invitationLoader } from './pages/invitation';
import { PageError, type RoleRefusal } from './pages/page-error';
import { SignInPage, signInAction } from './pages/sign-in';
import { TodayPage, todayLoader } from './pages/today';

/** The session, or the sign-in page when there is none. */
async function sessionOr401(request: Request): Promise<OperatorSession> {
  try {
    return await currentSession();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw toSignIn(request);
    throw error;
  }
}

function refused(role: string): never {
  throw data<RoleRefusal>({ role }, { status: 403 });
}

/** A page's loader or action behind its role; the API's 401 and role refusals become pages too. */
function guarded<A extends LoaderFunctionArgs | ActionFunctionArgs>(
  page: AdminPage,
  run: ((args: A) => Promise<unknown>) | undefined,
) {
  return async (args: A) => {
    const session = await sessionOr401(args.request);
    if (!hasRole(session, page.role)) refused(page.role);
    if (!run) return null;
    try {
      return await run(args);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw toSignIn(args.request);
      if (error instanceof ApiError && error.code === 'role_required') refused(page.role);
      throw error;
    }
  };
}

async function signOutAction() {
  try {
    await adminCall(EmptyResultSchema, 'DELETE', '/session');
  } catch (error) {
    // Signed out already: the sign-in page is where this ends either way.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  return redirect('/sign-in');
}

/** What shows while the first page's data loads. */
function Loading() {
  return (
    <p role="status" className="container-page py-10">
      Loading the back office…
    </p>
  );
}

export const routes: RouteObject[] = [
  { path: '/sign-in', Component: SignInPage, action: signInAction },
  {
    path: '/invitation/:token',
    Component: InvitationPage,
    HydrateFallback: Loading,
    loader: invitationLoader,
    action: invitationAction,
  },
  { path: '/sign-out', action: signOutAction, loader: () => redirect('/') },
  {
    id: 'layout',
    path: '/',
    Component: Layout,
    HydrateFallback: Loading,
    loader: ({ request }) => sessionOr401(request),
    // Only the layout's own loader can fail this far up (not a 401: that went to the sign-in page).
    ErrorBoundary: PageError,
    children: [
      {
        ErrorBoundary: PageError,
        children: [
          { index: true, Component: TodayPage, loader: todayLoader },
          ...PAGES.map(
            (page): RouteObject => ({
              path: page.path,
              Component: page.Component,
              loader: guarded(page, page.loader),
              action: page.action ? guarded(page, page.action) : undefined,
            }),
          ),
          {
            path: '*',
            loader: () => {
              throw data(null, { status: 404 });
            },
          },
        ],
      },
    ],
  },
];
