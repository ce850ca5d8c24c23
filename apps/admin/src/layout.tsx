/** The signed-in frame: header with the operator and sign out, the nav of their roles, the page. */
import { useEffect, useRef } from 'react';
import { Form, Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { hasRole, useSession } from './lib/session';
import { PAGES } from './pages';

/** After a navigation (not the first page), focus goes to the new page's title. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.querySelector<HTMLElement>('[data-page-title]')?.focus();
  }, [pathname]);
}

export function Layout() {
  const session = useSession();
  const busy = useNavigation().state !== 'idle';
  useFocusOnNavigation();
  const entries = PAGES.filter((page) => page.inNav !== false && hasRole(session, page.role));
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-page focus:p-2"
      >
        Skip to content
      </a>
      <header className="bg-nav text-on-nav">
        <div className="container-page flex flex-wrap items-center justify-between gap-4 py-3">
          <Link to="/" className="text-lg font-bold">
            Drawhouse back office
          </Link>
          <div className="flex items-center gap-4">
            <span>
              Signed in as <strong data-testid="operator-name">{session.operator.name}</strong>
            </span>
            <Form method="post" action="/sign-out">
              <button type="submit" className="button-secondary">
                Sign out
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Back office" className="container-page pb-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {entries.map((page) => (
              <li key={page.path}>
                <NavLink
                  to={page.path}
                  className={({ isActive }) =>
                    isActive ? 'font-bold underline underline-offset-4' : 'hover:underline'
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="container-page py-6" aria-busy={busy || undefined}>
        <Outlet />
      </main>
    </>
  );
}
