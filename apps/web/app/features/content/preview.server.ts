/**
 * The shop's side of content preview: the token from /preview?token=... is checked by the content
 * service (GET /cms/preview), which answers what it shows. No token, or one the service refuses
 * (unknown, altered, expired), is the 404 page: only the content role's back office makes tokens.
 */
import { type Preview, PreviewSchema } from '@drawhouse/contract';
import { data } from 'react-router';
import { api } from '../../lib/api.server';
import { orPageError } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';

export async function loadPreview(visitor: Visitor, token: string | null): Promise<Preview> {
  if (!token || token.length > 2000) throw data(null, { status: 404 });
  return orPageError(
    api.get(PreviewSchema, 'cms', '/preview', {
      caller: publicCallerOf(visitor),
      query: { token },
      cacheMs: 0,
    }),
  );
}
