import { ERROR_PAGE_COPY, errorPageKind } from '@drawhouse/domain';
import { isRouteErrorResponse, Link } from 'react-router';

export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const kind = errorPageKind(error.status);
    if (kind === 'notFound') {
      const copy = ERROR_PAGE_COPY.notFound;
      return (
        <section
          className="container-page py-16"
          data-testid="error-page-404"
          data-error-status={error.status}
        >
          <h1 className="text-3xl font-bold">{copy.title}</h1>
          <p className="mt-4 text-lg">{copy.text}</p>
          <p className="mt-6">
            <Link to="/" className="link font-semibold">
              {copy.homeLink}
            </Link>
          </p>
        </section>
      );
    }
    if (kind === 'serverBusy') {
      return (
        <section
          className="container-page py-16"
          data-testid="error-page-busy"
          data-error-status={error.status}
        >
          <h1 className="text-2xl font-bold">{ERROR_PAGE_COPY.serverBusy.text}</h1>
          <p className="mt-6">
            <Link to="/" className="link font-semibold">
              Go to the Homepage
            </Link>
          </p>
        </section>
      );
    }
    const copy = ERROR_PAGE_COPY[kind];
    return (
      <section
        className="container-page py-16"
        data-testid={kind === 'noProducts' ? 'error-page-418' : 'error-page-503'}
        data-error-status={error.status}
      >
        <h1 className="text-3xl font-bold">{copy.title}</h1>
        <p className="mt-4 text-lg">{copy.text}</p>
      </section>
    );
  }

  const copy = ERROR_PAGE_COPY.fallback;
  const [beforeHome, afterHome] = copy.hint.split('Homepage');
  return (
    <section className="container-page py-16" data-testid="error-page-fallback">
      <h1 className="text-3xl font-bold">{copy.title}</h1>
      <p className="mt-4 text-lg">{copy.text}</p>
      <p className="mt-2">
        {afterHome === undefined ? (
          copy.hint
        ) : (
          <>
            {beforeHome}
            <Link to="/" className="link">
              Homepage
            </Link>
            {afterHome}
          </>
        )}
      </p>
      <button type="button" className="button-primary mt-6" onClick={() => window.location.reload()}>
        {copy.button}
      </button>
    </section>
  );
}
