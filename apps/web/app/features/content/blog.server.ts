/**
 * The blog's reads for the storefront (GET /cms/blog/..., docs/api/catalogue.md) and the views its
 * pages show: posts with their dates written out in Sydney time, the pager of a category, and the
 * 404 page for a page past the last.
 */
import {
  BLOG_LATEST_SIZE,
  BLOG_PAGE_SIZE,
  BlogCategoriesSchema,
  type BlogCategory,
  type BlogPost,
  type BlogPostList,
  BlogPostListSchema,
  BlogPostSchema,
  type BlogPostSummary,
} from '@drawhouse/contract';
import { data } from 'react-router';
import { api } from '../../lib/api.server';
import { orPageError } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';
import type { PagerView } from '../results/results-view';
import { pagerView } from '../results/results-view.server';
import { categoryPath, postPath } from './blog-paths';

const DATE = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

export type PostCardView = BlogPostSummary & { dateLabel: string };
export type PostView = BlogPost & { dateLabel: string };

const withDate = <T extends { publishedAt: string }>(post: T): T & { dateLabel: string } => ({
  ...post,
  dateLabel: DATE.format(new Date(post.publishedAt)),
});

export async function loadBlogCategories(visitor: Visitor): Promise<BlogCategory[]> {
  const { items } = await orPageError(
    api.get(BlogCategoriesSchema, 'cms', '/blog/categories', { caller: publicCallerOf(visitor) }),
  );
  return items;
}

async function loadPosts(
  visitor: Visitor,
  query: { page?: number; limit?: number; category?: string },
): Promise<BlogPostList> {
  return orPageError(
    api.get(BlogPostListSchema, 'cms', '/blog/posts', { caller: publicCallerOf(visitor), query }),
  );
}

/** The newest posts: a page of twelve, or the four of a "latest news" block. */
export async function latestPosts(visitor: Visitor, limit = BLOG_PAGE_SIZE): Promise<PostCardView[]> {
  return (await loadPosts(visitor, { limit })).items.map(withDate);
}

export const latestBlockSize = BLOG_LATEST_SIZE;

/** Page `page` of a category, linked as /blog/category/{slug} for page 1 and /{page} after. */
export async function categoryPage(
  visitor: Visitor,
  slug: string,
  page: number,
): Promise<{ posts: PostCardView[]; pager: PagerView; path: string }> {
  const list = await loadPosts(visitor, { category: slug, page, limit: BLOG_PAGE_SIZE });
  if (page > 1 && list.items.length === 0) throw data(null, { status: 404 });
  const base = categoryPath(slug);
  const hrefOf = (p: number) => (p === 1 ? base : `${base}/${p}`);
  return {
    posts: list.items.map(withDate),
    pager: pagerView(page, list.total, BLOG_PAGE_SIZE, hrefOf),
    path: hrefOf(page),
  };
}

export async function loadPost(visitor: Visitor, slug: string): Promise<PostView> {
  const post = await orPageError(
    api.get(BlogPostSchema, 'cms', `/blog/posts/${encodeURIComponent(slug)}`, {
      caller: publicCallerOf(visitor),
    }),
  );
  return withDate(post);
}

/** Paths of the blog for sitemap.xml besides /blog itself: its categories and its newest posts. */
export async function blogSitemapPaths(visitor: Visitor): Promise<string[]> {
  const [categories, posts] = await Promise.all([loadBlogCategories(visitor), latestPosts(visitor)]);
  return [...categories.map((c) => categoryPath(c.slug)), ...posts.map((p) => postPath(p.slug))];
}
