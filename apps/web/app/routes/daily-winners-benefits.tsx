import { StandalonePage } from '../components/standalone-page';
import { loadBenefitsSession } from '../features/membership/membership.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/daily-winners-benefits';

export const handle: ScreenHandle = { screenName: 'daily-winners-benefits' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Your Daily Winners benefits');

/**
 * /daily-winners/benefits?token=: the page the benefits' signed link opens (for a few minutes, signed
 * in or not). The API checks the token; a link that is forged, altered or expired says so.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token === '' || token.length > 300) return { session: null };
  return { session: await loadBenefitsSession(visitor, token) };
}

export default function DailyWinnersBenefits({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  return (
    <StandalonePage title="Your Daily Winners benefits" testId="daily-winners-benefits">
      {session === null ? (
        <p className="mt-4" role="alert" data-testid="benefits-link-invalid">
          This link has expired. Open your benefits again from the Daily Winners page.
        </p>
      ) : (
        <>
          <p className="mt-4" data-testid="benefits-member">
            {session.firstName}, you are a {session.tier} member
            {session.status === 'pending-deposit' ? ' once your deposit completes' : ''}.
          </p>
          <ul className="mt-4 grid gap-4">
            {session.benefits.map((b) => (
              <li key={b.title} className="rounded-xl bg-surface p-5">
                <h2 className="text-xl font-bold">{b.title}</h2>
                <p className="text-sm text-muted">
                  {b.tier === 'premium' ? 'Premium members' : 'Every member'}
                </p>
                <p className="mt-2">{b.description}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </StandalonePage>
  );
}
