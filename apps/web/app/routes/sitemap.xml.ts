import { isOfferShown } from '@drawhouse/domain';
import { blogSitemapPaths } from '../features/content/blog.server';
import { sitemapPaths } from '../lib/route-records';
import { loadSite, siteHas } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/sitemap.xml';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The route records marked includeInSitemap (for the visitor's capabilities) and every offer page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  const origin = new URL(request.url).origin;
  const paths = sitemapPaths((required) => siteHas(site, required));
  if (siteHas(site, 'blog')) paths.push(...(await blogSitemapPaths(visitor)));
  for (const offer of site.offers) {
    if (isOfferShown(offer)) paths.push(`/${encodeURIComponent(offer.key)}`);
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
