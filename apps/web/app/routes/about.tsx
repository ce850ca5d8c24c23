import { cleanIdentifier } from '@drawhouse/domain';
import { data, Link, useRouteLoaderData } from 'react-router';
import { ConsentChoice } from '../features/consent/consent-choice';
import { ContentBlock } from '../features/content/blocks';
import { pageMeta } from '../lib/meta';
import { aboutRecord, type ScreenHandle } from '../lib/route-records';
import { useParsed } from '../lib/serialized';
import type { RootData } from '../lib/shell';
import { pageOn } from '../lib/shell.server';
import { loadContentPage, loadSite, requireRecord } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/about';

export const handle: ScreenHandle = { screenName: 'about' };

/** /about is the CMS page "about"; /about/{slug} the page {slug}, switched off with its capability. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  // /about/terms-and-conditions has a route of its own (else the offer terms route would take it).
  const splat = params['*'] ?? new URL(request.url).pathname.replace(/^\/about\/?/, '');
  const slug = splat === '' ? 'about' : cleanIdentifier(splat);
  if (!slug) throw data(null, { status: 404 });
  const record = aboutRecord(splat);
  const [site, page] = await Promise.all([loadSite(visitor), loadContentPage(visitor, slug)]);
  requireRecord(site, record);
  return { page, index: splat === '', links: ABOUT_LINKS.filter((link) => pageOn(site, link.href)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.page.title ?? null, loaderData?.page.metaDescription ?? undefined);

const ABOUT_LINKS = [
  { href: '/about/responsible-gaming', label: 'Responsible gambling' },
  { href: '/about/privacy', label: 'Privacy' },
  { href: '/about/terms-and-conditions', label: 'Terms and conditions' },
  { href: '/about/faq', label: 'FAQ' },
  { href: '/about/contact-us', label: 'Contact us' },
];

export default function About({ loaderData, params }: Route.ComponentProps) {
  const { page, links } = loaderData;
  const shell = useParsed(useRouteLoaderData<RootData>('root')?.shell);
  const consent = params['*'] === 'cookie-policy' ? shell?.cookieConsent : null;
  return (
    <div className="container-page py-8">
      <article className="max-w-3xl" data-testid={`cms-page-${page.slug}`}>
        <h1 className="text-3xl font-extrabold">{page.title}</h1>
        {page.blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids and keep their order
          <ContentBlock key={index} block={block} />
        ))}
      </article>
      {consent ? <ConsentChoice consent={consent} /> : null}
      {loaderData.index ? (
        <nav aria-label="About" className="mt-10">
          <ul className="flex flex-wrap gap-4">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
