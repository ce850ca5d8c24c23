import { errorPageKind, SHOP_COPY, type ShopCopy } from '@drawhouse/domain';
import { isRouteErrorResponse } from 'react-router';

/**
 * The title of a failed page, picked by status, in the site's locale when the shell's copy is at hand
 * (the page itself is error-page.tsx, loaded only when a page fails).
 */
export function errorTitle(error: unknown, copy: ShopCopy = SHOP_COPY): string {
  if (isRouteErrorResponse(error)) return copy[`errors.${errorPageKind(error.status)}.title`];
  return copy['errors.fallback.title'];
}
