/** `/`: who is signed in, with which roles, and the pages those roles open. */
import { Link } from 'react-router';
import { hasRole, useSession } from '../lib/session';
import { PAGES } from '../pages';
import { formatTime, PageTitle } from '../ui';

export function HomePage() {
  const session = useSession();
  const pages = PAGES.filter((page) => page.inNav !== false && hasRole(session, page.role));
  return (
    <>
      <PageTitle>Welcome, {session.operator.name}</PageTitle>
      <p className="mb-2">
        Your roles: <strong>{session.operator.roles.join(', ') || 'none'}</strong>.
      </p>
      <p className="mb-4 text-muted">
        This session ends at {formatTime(session.expiresAt)}, or after {session.idleMinutes} idle minutes.
      </p>
      {pages.length > 0 ? (
        <ul className="list-disc pl-6">
          {pages.map((page) => (
            <li key={page.path}>
              <Link className="link" to={page.path}>
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>The back office has no pages for your roles yet.</p>
      )}
    </>
  );
}
