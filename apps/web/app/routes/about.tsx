import type { Block as PageBlock } from '@drawhouse/contract';
import { cleanIdentifier } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { pageMeta } from '../lib/meta';
import { aboutRecord, type ScreenHandle } from '../lib/route-records';
import { loadContentPage, loadSite, requireRecord } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/about';

export const handle: ScreenHandle = { screenName: 'about' };

/** /about is the CMS page "about"; /about/{slug} the page {slug}, switched off with its capability. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const splat = params['*'] ?? '';
  const slug = splat === '' ? 'about' : cleanIdentifier(splat);
  if (!slug) throw data(null, { status: 404 });
  const record = aboutRecord(splat);
  const [site, page] = await Promise.all([loadSite(visitor), loadContentPage(visitor, slug)]);
  requireRecord(site, record);
  return { page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.page.title ?? null, loaderData?.page.metaDescription ?? undefined);

function Block({ block }: { block: PageBlock }) {
  switch (block.type) {
    case 'heading':
      return <h2 className="mt-8 text-2xl font-bold">{block.text}</h2>;
    case 'paragraph':
      return <p className="mt-4 leading-relaxed">{block.text}</p>;
    case 'list':
      return (
        <ul className="mt-4 list-disc space-y-1 pl-6">
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are static text and may repeat
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

const ABOUT_LINKS = [
  { href: '/about/responsible-gaming', label: 'Responsible gambling' },
  { href: '/about/privacy', label: 'Privacy' },
  { href: '/about/terms-and-conditions', label: 'Terms and conditions' },
  { href: '/about/faq', label: 'FAQ' },
  { href: '/about/contact-us', label: 'Contact us' },
];

export default function About({ loaderData, params }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="container-page py-8">
      <article className="max-w-3xl" data-testid={`cms-page-${page.slug}`}>
        <h1 className="text-3xl font-extrabold">{page.title}</h1>
        {page.blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids and keep their order
          <Block key={index} block={block} />
        ))}
      </article>
      {params['*'] ? null : (
        <nav aria-label="About" className="mt-10">
          <ul className="flex flex-wrap gap-4">
            {ABOUT_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
