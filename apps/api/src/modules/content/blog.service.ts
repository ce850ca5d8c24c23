/**
 * The blog's reads: categories, a page of published posts (newest first, optionally of one category)
 * and one post by slug. A draft, or a post dated after now, is not published: listed nowhere and a 404
 * by slug, unless the caller holds a preview (the content role's signed preview token).
 */
import {
  type BlogCategory,
  BlogCategorySchema,
  type BlogPost,
  type BlogPostList,
  type BlogPostSummary,
  type BlogPostsQuery,
  StoredBlogPostSchema,
} from '@drawhouse/contract';
import { notFound } from '../../http/errors.ts';
import type { CmsItemRow, ContentRepository } from './content.repository.ts';

export type StoredPost = BlogPost & { draft: boolean };

export function postOf(row: CmsItemRow): StoredPost {
  const { draft, ...data } = StoredBlogPostSchema.parse(row.data);
  return { id: row.id, slug: row.slug ?? row.id, ...data, draft: draft ?? false };
}

function summaryOf({ body: _body, draft: _draft, ...post }: StoredPost): BlogPostSummary {
  return post;
}

/** A blog category as stored (its slug is its id unless it has one). */
export function categoryOf(row: CmsItemRow): BlogCategory {
  return BlogCategorySchema.parse({ id: row.id, slug: row.slug ?? row.id, ...row.data });
}

/** The blog's order: newest first, then by slug. */
export const newestFirst = (
  a: Pick<BlogPost, 'publishedAt' | 'slug'>,
  b: Pick<BlogPost, 'publishedAt' | 'slug'>,
) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.slug.localeCompare(b.slug);

const isPublished = (post: StoredPost, now: Date) =>
  !post.draft && Date.parse(post.publishedAt) <= now.getTime();

export function createBlogService(repo: ContentRepository, now: () => Date) {
  async function categories(): Promise<BlogCategory[]> {
    return (await repo.items('blog_categories')).map(categoryOf);
  }

  async function published(): Promise<StoredPost[]> {
    const at = now();
    return (await repo.items('blog_posts'))
      .map(postOf)
      .filter((post) => isPublished(post, at))
      .sort(newestFirst);
  }

  return {
    categories,

    async posts(query: BlogPostsQuery): Promise<BlogPostList> {
      const { page, limit, category } = query;
      if (category !== undefined && !(await categories()).some((c) => c.slug === category)) {
        throw notFound('category_not_found', `There is no blog category "${category}".`);
      }
      const all = (await published()).filter(
        (p) => category === undefined || p.categories.includes(category),
      );
      const start = (page - 1) * limit;
      return {
        items: all.slice(start, start + limit).map(summaryOf),
        page,
        pageSize: limit,
        total: all.length,
      };
    },

    /** A published post; with `preview`, a draft or a post not yet due too. */
    async post(slug: string, preview = false): Promise<BlogPost> {
      const row = /^[a-z0-9-]{1,200}$/.test(slug) ? await repo.item('blog_posts', slug) : undefined;
      const post = row ? postOf(row) : undefined;
      if (!post || (!preview && !isPublished(post, now()))) {
        throw notFound('post_not_found', 'There is no such blog post.');
      }
      const { draft: _draft, ...shown } = post;
      return shown;
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
