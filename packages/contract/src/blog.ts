/**
 * The blog on the content service (/cms/blog, docs/api/catalogue.md): Drawhouse news posts and their
 * categories, kept as the CMS collections `blog_posts` and `blog_categories`. A post's body is blocks
 * of plain text (headings, paragraphs, lists), never HTML, so the shop renders it without injecting
 * markup. Posts are listed newest first; drafts and posts dated in the future are not listed.
 */
import { z } from 'zod';
import { BlockSchema } from './content.ts';

/** The blog's page size, and the few posts a "latest news" block shows. */
export const BLOG_PAGE_SIZE = 12;
export const BLOG_LATEST_SIZE = 4;

export const BlogCategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
});
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

export const BlogImageSchema = z.object({ src: z.string(), alt: z.string() });

/** A post as listed: everything but its body. */
export const BlogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  heroImage: BlogImageSchema.nullable(),
  author: z.string(),
  /** ISO date-time. */
  publishedAt: z.string(),
  /** Category slugs. */
  categories: z.array(z.string()),
  seoTitle: z.string(),
  seoDescription: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({ body: z.array(BlockSchema) });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** One page of posts, with the total to page through. */
export const BlogPostListSchema = z.object({
  items: z.array(BlogPostSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

export const BlogCategoriesSchema = z.object({ items: z.array(BlogCategorySchema) });

/** GET /cms/blog/posts: `page` from 1, `limit` up to the page size, `category` a category slug. */
export const BlogPostsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(BLOG_PAGE_SIZE).default(BLOG_PAGE_SIZE),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional(),
});
export type BlogPostsQuery = z.infer<typeof BlogPostsQuerySchema>;

/** A stored blog post (the CMS item's data): a draft is kept but never listed. */
export const StoredBlogPostSchema = BlogPostSchema.omit({ id: true, slug: true }).extend({
  draft: z.boolean().optional(),
});
