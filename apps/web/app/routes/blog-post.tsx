import { Link } from 'react-router';
import { ContentBlocks } from '../features/content/blocks';
import { latestBlockSize, latestPosts, loadBlogCategories, loadPost } from '../features/content/blog.server';
import { categoryPath, postPath } from '../features/content/blog-paths';
import { blogMeta } from '../features/content/blog-seo';
import { Byline, HeroImage, PostGrid } from '../features/content/blog-view';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/blog-post';

export const handle: ScreenHandle = { screenName: 'blog-post' };

/** /blog/{blogSlug}: one published post; an unknown or unpublished one is the 404 page. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, 'blog-post');
  const [post, categories, newest] = await Promise.all([
    loadPost(visitor, params.blogSlug),
    loadBlogCategories(visitor),
    latestPosts(visitor, latestBlockSize + 1),
  ]);
  // The latest-news block: the four newest posts besides this one.
  const latest = newest.filter((p) => p.slug !== post.slug).slice(0, latestBlockSize);
  const origin = new URL(request.url).origin;
  const canonical = `${origin}${postPath(post.slug)}`;
  const postCategories = categories.filter((c) => post.categories.includes(c.slug));
  const first = postCategories[0];
  return {
    post,
    latest,
    categories: postCategories,
    seo: {
      title: post.seoTitle || post.title,
      description: post.seoDescription || post.excerpt,
      canonical,
      origin,
      type: 'article' as const,
      image: post.heroImage?.src ?? null,
      crumbs: [
        { name: 'Home', path: '/' },
        { name: 'News', path: '/blog' },
        ...(first ? [{ name: first.name, path: categoryPath(first.slug) }] : []),
        { name: post.title, path: postPath(post.slug) },
      ],
      structured: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.seoDescription || post.excerpt,
        datePublished: post.publishedAt,
        author: { '@type': 'Person', name: post.author },
        publisher: { '@type': 'Organization', name: site.config.siteName },
        mainEntityOfPage: canonical,
        ...(post.heroImage ? { image: `${origin}${post.heroImage.src}` } : {}),
        articleSection: postCategories.map((c) => c.name),
      },
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => blogMeta(matches, loaderData?.seo);

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, categories, latest } = loaderData;
  return (
    <div className="container-page py-8">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/blog" className="link">
              News
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.slug}>
              <span aria-hidden="true">/ </span>
              <Link to={categoryPath(c.slug)} className="link">
                {c.name}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <article className="max-w-3xl" data-testid="blog-post">
        <h1 className="text-3xl font-extrabold">{post.title}</h1>
        <Byline post={post} className="mt-2 text-muted" />
        <HeroImage post={post} className="mt-6 w-full rounded-xl" />
        <p className="mt-6 text-lg font-semibold">{post.excerpt}</p>
        <ContentBlocks blocks={post.body} testId="blog-post-body" />
      </article>
      {latest.length > 0 ? (
        <section aria-labelledby="latest-news" className="mt-12" data-testid="latest-news">
          <h2 id="latest-news" className="mb-4 text-2xl font-bold">
            Latest news
          </h2>
          <PostGrid posts={latest} label="Latest news" headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
