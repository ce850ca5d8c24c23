import { errorPageKind, SHOP_COPY } from '@drawhouse/domain';
import { isRouteErrorResponse, Link, useRouteLoaderData } from 'react-router';
import { useParsed } from '../lib/serialized';
import type { RootData } from '../lib/shell';

/** The error pages' copy in the site's locale (the shell's), or the default wording without a shell. */
function useErrorCopy() {
  const shell = useParsed(useRouteLoaderData<RootData>('root')?.shell);
  const copy = shell?.copy ?? SHOP_COPY;
  const kindCopy = (kind: 'notFound' | 'noProducts' | 'maintenance' | 'serverBusy' | 'fallback') => ({
    title: copy[`errors.${kind}.title`],
    text: copy[`errors.${kind}.text`],
  });
  return {
    notFound: { ...kindCopy('notFound'), homeLink: copy['errors.notFound.homeLink'] },
    noProducts: kindCopy('noProducts'),
    maintenance: kindCopy('maintenance'),
    serverBusy: { ...kindCopy('serverBusy'), homeLink: copy['errors.serverBusy.homeLink'] },
    fallback: {
      ...kindCopy('fallback'),
      hint: copy['errors.fallback.hint'],
      button: copy['errors.fallback.button'],
    },
  };
}

export function ErrorPage({ error }: { error: unknown }) {
  const copies = useErrorCopy();
  if (isRouteErrorResponse(error)) {
    const kind = errorPageKind(error.status);
    if (kind === 'notFound') {
      const copy = copies.notFound;
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
          <h1 className="text-2xl font-bold">{copies.serverBusy.text}</h1>
          <p className="mt-6">
            <Link to="/" className="link font-semibold">
              {copies.serverBusy.homeLink}
            </Link>
          </p>
        </section>
      );
    }
    const copy = copies[kind];
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

  const copy = copies.fallback;
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
