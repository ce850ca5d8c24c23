import type { NativeAppLinks } from './native-app.server';

/** The App Store and Google Play buttons of the addresses that are set; a line saying so when none is. */
export function StoreButtons({ links, siteName }: { links: NativeAppLinks; siteName: string }) {
  if (!links.iosUrl && !links.androidUrl) {
    return (
      <p className="mt-4 rounded bg-surface p-4" data-testid="app-unavailable">
        The {siteName} app is not in the app stores yet. Until it is, everything in it is here on the website,
        on your phone's browser too.
      </p>
    );
  }
  return (
    <ul className="mt-4 flex flex-wrap gap-3" aria-label="Download the app" data-testid="store-buttons">
      {links.iosUrl ? (
        <li>
          <a href={links.iosUrl} rel="noopener" className="button-primary inline-block">
            Download on the App Store
          </a>
        </li>
      ) : null}
      {links.androidUrl ? (
        <li>
          <a href={links.androidUrl} rel="noopener" className="button-primary inline-block">
            Get it on Google Play
          </a>
        </li>
      ) : null}
    </ul>
  );
}
