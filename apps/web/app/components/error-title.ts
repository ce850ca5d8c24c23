import { ERROR_PAGE_COPY, errorPageKind } from '@drawhouse/domain';
import { isRouteErrorResponse } from 'react-router';

/**
 * The title of a failed page, picked by status (the page itself is error-page.tsx, loaded only when
 * a page fails).
 */
export function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const copy = ERROR_PAGE_COPY[errorPageKind(error.status)];
    return 'title' in copy ? copy.title : 'Server busy';
  }
  return ERROR_PAGE_COPY.fallback.title;
}
