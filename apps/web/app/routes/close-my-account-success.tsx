import { Link } from 'react-router';
import { StandalonePage } from '../components/standalone-page';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import type { Route } from './+types/close-my-account-success';

export const handle: ScreenHandle = { screenName: 'close-my-account-success' };
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Your account is closed');

export default function CloseMyAccountSuccess() {
  return (
    <StandalonePage title="Your account is closed" testId="close-account-success">
      <p className="mt-4">
        We have closed your account and signed you out. We have emailed you a confirmation.
      </p>
      <p className="mt-6">
        <Link to="/" className="button-primary">
          Go to the home page
        </Link>
      </p>
    </StandalonePage>
  );
}
