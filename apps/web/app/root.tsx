import { DEFAULT_LOCALE } from '@drawhouse/domain';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import {
  Link,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { reloadOnChunkError, useChunkReload } from './components/chunk-reload';
import { errorTitle } from './components/error-title';
import { Heartbeat } from './components/heartbeat';
import { NotificationProvider } from './components/notifications';
import { RouteFocus } from './components/route-focus';
import { ConfirmationBanner } from './features/account/confirmation-banner';
import { ElevationProvider } from './features/account/elevation';
import { LocationBanner } from './features/account/location-banner';
import { type MigrationPrompt, migrationPrompt } from './features/account/migration.server';
import { MIGRATION_ACTION, MigrationModal } from './features/account/migration-modal';
import { SessionTimeout } from './features/account/session-timeout';
import { SpendLimitBanner } from './features/account/spend-limit-banner';
import { ConsentBanner } from './features/consent/consent-banner';
import { headerFeedCount } from './features/feed/feed.server';
import { headerMembershipDot } from './features/membership/membership.server';
import { CondensedFooter, FullFooter } from './features/shell/footer';
import { Header } from './features/shell/header';
import { SitewideBanner } from './features/shell/sitewide-banner';
import type { AccountSummary } from './lib/account-summary';
import { cartSummary } from './lib/cart.server';
import { CHECKOUT_SCREENS } from './lib/checkout-screens';
import { accountSummary, loadCustomer } from './lib/customer.server';
import type { ScreenHandle } from './lib/route-records';
import { parseSerialized, useParsed } from './lib/serialized';
import { type CartHolds, navForCart, type RootData } from './lib/shell';
import { SHELL_GROUPS, shellPayload } from './lib/shell.server';
import { loadSite, siteHas } from './lib/site.server';
import { loadTranslations } from './lib/translations.server';
import { visitorMiddleware, visitorOf } from './lib/visitor.server';

export const middleware: Route.MiddlewareFunction[] = [visitorMiddleware];

// Only failed pages need it: loaded when one renders, so that the script every page loads stays small.
const ErrorPage = lazy(() => import('./components/error-page').then((m) => ({ default: m.ErrorPage })));

/** Pages a customer flagged for a forced password change may still see. */
const FORCED_CHANGE_ALLOWED = /^\/(force-password-change|logout)(\/|$|\?)/;
/** Pages a customer flagged for an account upgrade may still see: the upgrade, logout, static and legal pages. */
const UPGRADE_ALLOWED = /^\/(my-account\/upgrade-account|logout|about|force-password-change)(\/|$|\?)/;

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const visitor = visitorOf(context);
  const [site, translations, customer, cart, unviewedNotifications, membershipDot] = await Promise.all([
    loadSite(visitor),
    loadTranslations(visitor, SHELL_GROUPS),
    visitor.signedIn ? loadCustomer(visitor) : undefined,
    cartSummary(visitor),
    headerFeedCount(visitor),
    headerMembershipDot(visitor),
  ]);
  let account: AccountSummary | undefined;
  let migration: MigrationPrompt | undefined;
  if (customer && visitor.signedIn) {
    // A customer flagged for a forced password change goes to its page.
    if (customer.forcePasswordChange && !FORCED_CHANGE_ALLOWED.test(visitor.path)) {
      throw redirect('/force-password-change');
    }
    // A customer whose account must be upgraded (a migrated account) goes to its page.
    if (customer.accountUpgrade && !UPGRADE_ALLOWED.test(visitor.path)) {
      throw redirect('/my-account/upgrade-account');
    }
    account = accountSummary(customer);
    migration = migrationPrompt(customer, visitor, siteHas(site, 'customer_migration'));
  }
  const payload = shellPayload(site, visitor, translations);
  const cartItems = cart.count;
  const cartHolds = cart.productTypes.filter(
    (t): t is CartHolds[number] => t === 'lottery_ticket' || t === 'syndicate_share',
  );
  const flash = visitor.flash;
  if (flash) visitor.flashShown = true;
  // The shared payload keeps its identity (the render cache names it by number) when nothing is added.
  if (!account && !flash && cartItems === 0) return payload;
  return {
    ...payload,
    account,
    ...(migration ? { migrationPrompt: migration } : {}),
    flash,
    ...(cartItems > 0 ? { cartCount: cartItems } : {}),
    ...(cartHolds.length > 0 ? { cartHolds } : {}),
    ...(account && unviewedNotifications !== undefined ? { unviewedNotifications } : {}),
    ...(account && membershipDot ? { membershipDot } : {}),
  };
}

/**
 * The migration modal's posts leave the shell as it is: the modal shows each step itself, and a
 * finished move sends the customer on (to the account upgrade) only when they continue.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === MIGRATION_ACTION) return false;
  return defaultShouldRevalidate;
}

export function meta({ data, error }: Route.MetaArgs) {
  const siteName = data?.siteName ?? 'Drawhouse';
  if (error) {
    const copy = data?.shell ? parseSerialized(data.shell).copy : undefined;
    return [{ title: `${errorTitle(error, copy)} | ${siteName}` }];
  }
  return [{ title: siteName }, { name: 'description', content: data?.metaDescription ?? '' }];
}

/** Screens that show the condensed footer to a visitor who is not signed in. */
const CONDENSED_FOR_VISITORS = new Set(['login', 'signup']);

function useScreenHandle(): ScreenHandle | undefined {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return leaf?.handle as ScreenHandle | undefined;
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<RootData>('root');
  const screenHandle = useScreenHandle();
  const screenName = screenHandle?.screenName;
  const shell = useParsed(rootData?.shell);
  // A bare page (the Android app's download pages) is drawn without the main shell.
  const bare = screenHandle?.layout === 'bare';
  const account = rootData?.account;
  useChunkReload();
  const cartItems = rootData?.cartCount ?? 0;
  const navHolds = rootData?.cartHolds;
  const cartNav = useMemo(
    () => (shell && navHolds ? navForCart(shell.nav, navHolds) : undefined),
    [shell, navHolds],
  );
  const condensed =
    shell !== undefined &&
    ((screenName !== undefined && CHECKOUT_SCREENS.has(screenName) && cartItems > 0) ||
      (!shell.signedIn && screenName !== undefined && CONDENSED_FOR_VISITORS.has(screenName)));

  return (
    <html lang={shell?.lang ?? DEFAULT_LOCALE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); an empty one keeps hydration from comparing
            the page's nonce, which the browser hides, with the client's none. */}
        <Links nonce="" />
        {shell ? <style>{shell.themeCss}</style> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-page text-ink">
        <NotificationProvider flash={rootData?.flash}>
          <ElevationProvider supportHref={shell?.supportHref ?? '/about/contact-us'}>
            <a
              href="#main"
              className="sr-only z-[99999] rounded bg-page p-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
            >
              Skip to main content
            </a>
            {shell?.cookieConsent && shell.cookieConsent.choice === null && !bare ? <ConsentBanner /> : null}
            {shell?.banner && !bare ? <SitewideBanner key={shell.banner.hash} banner={shell.banner} /> : null}
            {bare ? null : shell ? (
              <Header
                shell={cartNav ? { ...shell, nav: cartNav } : shell}
                account={account}
                cartCount={cartItems}
                unviewedNotifications={rootData?.unviewedNotifications}
                membershipDot={account ? rootData?.membershipDot === true : shell.membershipDot}
              />
            ) : (
              <header className="bg-nav text-on-nav">
                <div className="container-page py-4">
                  <Link to="/" className="text-lg font-bold">
                    Drawhouse<span className="sr-only"> home</span>
                  </Link>
                </div>
              </header>
            )}
            {account && shell && !bare ? (
              <ConfirmationBanner
                account={account}
                screenName={screenName}
                updateHref={shell.accountDetailsManage ? '/my-account/my-details' : '/my-account'}
              />
            ) : null}
            {account && shell && !bare ? <LocationBanner account={account} /> : null}
            {account && shell && !bare ? <SpendLimitBanner account={account} /> : null}
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            <RouteFocus mainId="main" />
            {shell && !bare ? (
              condensed ? (
                <CondensedFooter footer={shell.footer} />
              ) : (
                <FullFooter footer={shell.footer} signedIn={shell.signedIn} />
              )
            ) : null}
            {shell ? <Heartbeat activeTimeoutSeconds={shell.heartbeatActiveTimeoutSeconds} /> : null}
            {shell && account ? <SessionTimeout timeoutSeconds={shell.sessionTimeoutSeconds} /> : null}
            {account && rootData?.migrationPrompt && !bare ? (
              <MigrationModal dismissible={rootData.migrationPrompt.dismissible} />
            ) : null}
          </ElevationProvider>
        </NotificationProvider>
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
  // A page chunk that failed to load in an app open over 24 hours: reload rather than show the error.
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  return (
    <Suspense fallback={null}>
      <ErrorPage error={error} />
    </Suspense>
  );
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];
