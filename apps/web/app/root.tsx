import type { ReactNode } from 'react';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { ErrorPage, errorTitle } from './components/error-page';
import { CondensedFooter, FullFooter } from './components/footer';
import { Header } from './components/header';
import { Heartbeat } from './components/heartbeat';
import { SitewideBanner } from './components/sitewide-banner';
import { routeRecord, type ScreenHandle } from './lib/route-records';
import { useParsed } from './lib/serialized';
import type { ShellPayload } from './lib/shell';
import { shellPayload } from './lib/shell.server';
import { loadSite } from './lib/site.server';
import { visitorMiddleware, visitorOf } from './lib/visitor.server';

export const middleware: Route.MiddlewareFunction[] = [visitorMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  return shellPayload(site, visitor);
}

export function meta({ data, error }: Route.MetaArgs) {
  const siteName = data?.siteName ?? 'Drawhouse';
  if (error) return [{ title: `${errorTitle(error)} | ${siteName}` }];
  return [{ title: siteName }, { name: 'description', content: data?.metaDescription ?? '' }];
}

/** Screens that show the condensed footer to a visitor who is not signed in. */
const CONDENSED_FOR_VISITORS = new Set(['login', 'signup']);

function useScreenName(): string | undefined {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return (leaf?.handle as ScreenHandle | undefined)?.screenName;
}

export function Layout({ children }: { children: ReactNode }) {
  const shell = useParsed(useRouteLoaderData<ShellPayload>('root')?.shell);
  const screenName = useScreenName();
  const record = screenName ? routeRecord(screenName) : undefined;
  const condensed =
    shell !== undefined &&
    ((record?.checkout === true && shell.cartCount > 0) ||
      (!shell.signedIn && screenName !== undefined && CONDENSED_FOR_VISITORS.has(screenName)));

  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {shell ? <style>{shell.themeCss}</style> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-page text-ink">
        <a
          href="#main"
          className="sr-only z-[99999] rounded bg-page p-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to main content
        </a>
        {shell?.banner ? <SitewideBanner key={shell.banner.hash} banner={shell.banner} /> : null}
        {shell ? (
          <Header shell={shell} />
        ) : (
          <header className="bg-nav text-on-nav">
            <div className="container-page py-4">
              <Link to="/" className="text-lg font-bold">
                Drawhouse<span className="sr-only"> home</span>
              </Link>
            </div>
          </header>
        )}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {shell ? (
          condensed ? (
            <CondensedFooter footer={shell.footer} />
          ) : (
            <FullFooter footer={shell.footer} />
          )
        ) : null}
        {shell ? <Heartbeat activeTimeoutSeconds={shell.heartbeatActiveTimeoutSeconds} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];
