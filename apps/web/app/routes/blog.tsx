import { BLOG_PAGE_SIZE } from '@drawhouse/contract';
import { latestPosts, loadBlogCategories } from '../features/content/blog.server';
import { blogMeta, blogStructured } from '../features/content/blog-seo';
import { CategoryLinks, PostGrid } from '../features/content/blog-view';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/blog';

export const handle: ScreenHandle = { screenName: 'blog' };

const TITLE = 'News';
const DESCRIPTION =
  'Drawhouse news: jackpots and special draws, winners’ stories and the good causes raffles support.';

/** /blog: the newest twelve posts and the categories (blog capability). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, 'blog');
  const [posts, categories] = await Promise.all([
    latestPosts(visitor, BLOG_PAGE_SIZE),
    loadBlogCategories(visitor),
  ]);
  const origin = new URL(request.url).origin;
  const canonical = `${origin}/blog`;
  return {
    posts,
    categories,
    seo: {
      title: TITLE,
      description: DESCRIPTION,
      canonical,
      origin,
      type: 'website' as const,
      crumbs: [
        { name: 'Home', path: '/' },
        { name: TITLE, path: '/blog' },
      ],
      structured: blogStructured(
        origin,
        { name: `${site.config.siteName} news`, canonical, description: DESCRIPTION },
        posts,
      ),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => blogMeta(matches, loaderData?.seo);

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <h1 className="mb-4 text-3xl font-extrabold">{TITLE}</h1>
      <CategoryLinks categories={loaderData.categories} />
      <PostGrid posts={loaderData.posts} label="Latest news" />
    </div>
  );
}
