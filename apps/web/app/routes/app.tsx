import { Link } from 'react-router';
import { nativeAppPage } from '../features/app/native-app.server';
import { StoreButtons } from '../features/app/store-buttons';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/app';

export const handle: ScreenHandle = { screenName: 'app' };

/** /app (native-app): the phone app's promotion, with its store buttons. */
export async function loader({ context }: Route.LoaderArgs) {
  return nativeAppPage(await loadSite(visitorOf(context)), handle.screenName);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    `The ${loaderData?.siteName ?? 'Drawhouse'} app`,
    'Play lotteries and charity raffles and check your tickets from your phone.',
  );

export default function AppPage({ loaderData }: Route.ComponentProps) {
  const { siteName, links } = loaderData;
  return (
    <div className="container-page py-8">
      <section aria-labelledby="app-title" className="max-w-2xl" data-testid="app-promo">
        <h1 id="app-title" className="text-3xl font-extrabold">
          The {siteName} app
        </h1>
        <p className="mt-3 text-lg">
          Buy tickets in a few taps, get told the moment your numbers come up, and keep every ticket and
          result in your pocket.
        </p>
        <ul className="mt-4 list-disc pl-6">
          <li>Play every lottery, raffle and syndicate the website sells</li>
          <li>Results and winnings notices as soon as a draw is checked</li>
          <li>Your favourite numbers, autoplays and wallet, signed in once</li>
        </ul>
        <StoreButtons links={links} siteName={siteName} />
        <p className="mt-4">
          <Link to="/app/android" className="link">
            The app for Android: download and install steps
          </Link>
        </p>
      </section>
    </div>
  );
}
