import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { api } from '../lib/api.server';
import { orPageError } from '../lib/site.server';
import { publicCallerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cms-file';

/**
 * CMS files (logos, regulation images) under the storefront's own origin: the browser never calls
 * the API, so the web server passes the file through with the API's content type and cache headers.
 *
 * The file is answered from the route's middleware, so that a file the CMS does not have falls
 * through to the loader and is the shop's 404 page (a route with a component renders its error in
 * the page shell; a resource route would answer the bare error).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context }, next) => {
    const fileId = cleanIdentifier(params.fileId);
    if (!fileId) return next();
    const upstream = await orPageError(
      api.raw('cms', `/files/${fileId}`, publicCallerOf(visitorOf(context))),
    );
    if (upstream.status === 404) return next();
    if (!upstream.ok || !upstream.body) throw data(null, { status: 502 });
    const headers = new Headers({
      'Content-Type': upstream.headers.get('Content-Type') ?? 'application/octet-stream',
      'Cache-Control': upstream.headers.get('Cache-Control') ?? 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
    // SVG from the CMS must not run scripts when opened on its own.
    headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    return new Response(upstream.body, { status: 200, headers });
  },
];

/** Reached only when the CMS has no such file. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function CmsFile() {
  return null;
}
