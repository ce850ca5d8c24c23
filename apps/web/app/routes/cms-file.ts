import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { api } from '../lib/api.server';
import { orPageError } from '../lib/site.server';
import { publicCallerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cms-file';

/**
 * CMS files (logos, regulation images) under the storefront's own origin: the browser never calls
 * the API, so the web server passes the file through with the API's content type and cache headers.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const fileId = cleanIdentifier(params.fileId);
  if (!fileId) throw data(null, { status: 404 });
  const upstream = await orPageError(api.raw('cms', `/files/${fileId}`, publicCallerOf(visitorOf(context))));
  if (!upstream.ok || !upstream.body) throw data(null, { status: upstream.status === 404 ? 404 : 502 });
  const headers = new Headers({
    'Content-Type': upstream.headers.get('Content-Type') ?? 'application/octet-stream',
    'Cache-Control': upstream.headers.get('Cache-Control') ?? 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
  });
  // SVG from the CMS must not run scripts when opened on its own.
  headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  return new Response(upstream.body, { status: 200, headers });
}
