import { StandalonePage } from '../components/standalone-page';
import { loadBenefits } from '../features/membership/membership.server';
import { ApiError } from '../lib/api.server';
import { requireCustomer } from '../lib/customer.server';
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
 * /daily-winners/benefits?token=: the page the benefits' signed link opens. The API checks the
 * token; a link that is not the customer's, or has expired, says so.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), handle.screenName);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!/^[A-Za-z0-9._~-]{1,2000}$/.test(token)) return { benefits: null };
  try {
    return { benefits: (await loadBenefits(visitor, token)).benefits };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408) {
      return { benefits: null };
    }
    throw error;
  }
}

export default function DailyWinnersBenefits({ loaderData }: Route.ComponentProps) {
  const { benefits } = loaderData;
  return (
    <StandalonePage title="Your Daily Winners benefits" testId="daily-winners-benefits">
      {benefits === null ? (
        <p className="mt-4" role="alert" data-testid="benefits-link-invalid">
          This link has expired or is not yours. Open your benefits again from your account.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {benefits.map((b) => (
            <li key={b.title} className="rounded-xl bg-surface p-5">
              <h2 className="text-xl font-bold">{b.title}</h2>
              <p className="text-sm text-muted">
                {b.tier === 'premium' ? 'Premium members' : 'Every member'}
              </p>
              <p className="mt-2">{b.description}</p>
            </li>
          ))}
        </ul>
      )}
    </StandalonePage>
  );
}
