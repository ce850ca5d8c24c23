/**
 * The phone app's pages (/app, /app/android, /app/android/install), behind the native-app
 * capability: the store addresses come from the site config's nativeApp, and only those that are set
 * (and are http(s) addresses) become buttons, so no page offers an app that is not there.
 */
import { requireScreen, type Site } from '../../lib/site.server';

export type NativeAppLinks = { androidUrl: string | null; iosUrl: string | null };

function storeUrl(url: string | undefined): string | null {
  return url && /^https:\/\/[^\s\\]+$/.test(url) ? url : null;
}

/** The app's store links for a page of this screen (404 without native-app). */
export function nativeAppPage(site: Site, screenName: string): { siteName: string; links: NativeAppLinks } {
  requireScreen(site, screenName);
  return {
    siteName: site.config.siteName,
    links: {
      androidUrl: storeUrl(site.config.nativeApp?.androidUrl),
      iosUrl: storeUrl(site.config.nativeApp?.iosUrl),
    },
  };
}
