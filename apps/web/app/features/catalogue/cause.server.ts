import { type Cause, CausesSchema } from '@drawhouse/contract';
import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { api } from '../../lib/api.server';
import { loadSite, orPageError, requireScreen, type Site } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';

/**
 * The site and the cause of a `/causes/{causeSlug}` page (`GET /v2/causes?slug=`), checked against
 * the screen's capability; an unknown slug is the 404 page.
 */
export async function loadCausePage(
  visitor: Visitor,
  causeSlug: string | undefined,
  screenName: string,
): Promise<{ site: Site; cause: Cause }> {
  const slug = cleanIdentifier(causeSlug);
  if (!slug) throw data(null, { status: 404 });
  const [site, found] = await Promise.all([
    loadSite(visitor),
    orPageError(
      api.get(CausesSchema, 'main', '/causes', {
        query: { slug, limit: 1 },
        caller: publicCallerOf(visitor),
      }),
    ),
  ]);
  requireScreen(site, screenName);
  const cause = found.causes.find((c) => c.urlSlug === slug);
  if (!cause) throw data(null, { status: 404 });
  return { site, cause };
}
