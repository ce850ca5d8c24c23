/** What a page shows when it cannot: a role the operator lacks, a page that is not there, a failure. */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { ErrorSummary, PageTitle } from '../ui';

/** The body of a 403 the router throws: the role the page needs. */
export type RoleRefusal = { role: string };

export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const { role } = error.data as RoleRefusal;
    return (
      <>
        <PageTitle>You do not have the {role} role</PageTitle>
        <p className="mb-4">
          This page needs the {role} role. An admin can give it to you on the Operators page.
        </p>
        <Link className="link" to="/">
          Back to the start
        </Link>
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <PageTitle>Page not found</PageTitle>
        <p className="mb-4">The back office has no page here.</p>
        <Link className="link" to="/">
          Back to the start
        </Link>
      </>
    );
  }
  const message =
    error instanceof ApiError ? error.message : 'Something went wrong on this page. Reload it to try again.';
  return (
    <>
      <PageTitle>This page could not be shown</PageTitle>
      <ErrorSummary message={message} />
    </>
  );
}
