import { data, redirect } from 'react-router';
import { categoryPage, loadBlogCategories } from '../features/content/blog.server';
import { categoryPath } from '../features/content/blog-paths';
import { blogMeta, blogStructured } from '../features/content/blog-seo';
import { CategoryLinks, PostGrid } from '../features/content/blog-view';
import { Pager } from '../features/results/pager';
import { pageNumber } from '../lib/paging';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/blog-category';

export const handle: ScreenHandle = { screenName: 'blog-category' };

/**
 * /blog/category/{slug}/{page?}: a category's posts, twelve a page. Page 1 has no number in its
 * address (/1 redirects there); a page past the last, or an unknown category, is the 404 page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const page = pageNumber(params.page);
  if (page === 0) throw data(null, { status: 404 });
  if (params.page === '1') throw redirect(categoryPath(params.slug), 301);
  const site = await loadSite(visitor);
  requireScreen(site, 'blog-category');
  const categories = await loadBlogCategories(visitor);
  const category = categories.find((c) => c.slug === params.slug);
  if (!category) throw data(null, { status: 404 });
  const { posts, pager, path } = await categoryPage(visitor, category.slug, page);
  const origin = new URL(request.url).origin;
  const canonical = `${origin}${path}`;
  const title = page > 1 ? `${category.name} news, page ${page}` : `${category.name} news`;
  return {
    category,
    categories,
    posts,
    pager,
    seo: {
      title,
      description: category.description,
      canonical,
      origin,
      type: 'website' as const,
      crumbs: [
        { name: 'Home', path: '/' },
        { name: 'News', path: '/blog' },
        { name: category.name, path: categoryPath(category.slug) },
      ],
      structured: blogStructured(
        origin,
        {
          name: `${site.config.siteName} news: ${category.name}`,
          canonical,
          description: category.description,
        },
        posts,
      ),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => blogMeta(matches, loaderData?.seo);

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, categories, posts, pager } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="mb-2 text-3xl font-extrabold">{category.name}</h1>
      <p className="mb-4 text-muted">{category.description}</p>
      <CategoryLinks categories={categories} current={category.slug} />
      <PostGrid posts={posts} label={`${category.name} news`} />
      <Pager pager={pager} label={`${category.name} pages`} />
    </div>
  );
}
