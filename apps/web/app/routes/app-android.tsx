import { Link } from 'react-router';
import { nativeAppPage } from '../features/app/native-app.server';
import { StoreButtons } from '../features/app/store-buttons';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/app-android';

/** Both pages are drawn without the main shell (the bare layout): a phone opens them from a link. */
export const handle: ScreenHandle = { screenName: 'app-android', layout: 'bare' };

const INSTALL_SCREEN = 'app-android-install';

/** /app/android (download page) and /app/android/install (install steps), behind native-app. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const install = new URL(request.url).pathname.replace(/\/$/, '').endsWith('/install');
  return {
    install,
    ...nativeAppPage(await loadSite(visitorOf(context)), install ? INSTALL_SCREEN : handle.screenName),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData?.install
      ? `Install the ${loaderData.siteName} app on Android`
      : `The ${loaderData?.siteName ?? 'Drawhouse'} app for Android`,
  );

export default function AppAndroid({ loaderData }: Route.ComponentProps) {
  const { siteName, links, install } = loaderData;
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 px-5 py-10">
      <p>
        <Link to="/" className="text-lg font-bold">
          {siteName}
          <span className="sr-only"> home</span>
        </Link>
      </p>
      {install ? (
        <section aria-labelledby="android-title" data-testid="android-install">
          <h1 id="android-title" className="text-3xl font-extrabold">
            Install the {siteName} app on Android
          </h1>
          <ol className="mt-4 list-decimal space-y-2 pl-6">
            <li>Open Google Play from the button below, or search for {siteName} in Google Play.</li>
            <li>Tap Install and wait for the download to finish.</li>
            <li>Open the app and sign in with your {siteName} email and password.</li>
            <li>Allow notifications to hear about results and winnings as soon as they are in.</li>
          </ol>
          <StoreButtons links={{ androidUrl: links.androidUrl, iosUrl: null }} siteName={siteName} />
          <p className="mt-6">
            <Link to="/app/android" className="link">
              Back to the download page
            </Link>
          </p>
        </section>
      ) : (
        <section aria-labelledby="android-title" data-testid="android-download">
          <h1 id="android-title" className="text-3xl font-extrabold">
            The {siteName} app for Android
          </h1>
          <p className="mt-3 text-lg">
            Play, check your tickets and hear about your wins on your Android phone.
          </p>
          <StoreButtons links={{ androidUrl: links.androidUrl, iosUrl: null }} siteName={siteName} />
          <p className="mt-6">
            <Link to="/app/android/install" className="link">
              How to install it
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
