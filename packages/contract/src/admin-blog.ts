/**
 * The blog in the back office (content role): every post, drafts and posts dated later included,
 * newest first, with the blog's categories; a post made or edited whole (title, slug, categories,
 * excerpt, body, search title and description, draft or published, publish date) and audited.
 */
import { z } from 'zod';
import { BlogCategorySchema, BlogPostSchema } from './blog.ts';
import { BlockSchema } from './content.ts';

export const AdminBlogPostStatusSchema = z.enum(['draft', 'published']);
export type AdminBlogPostStatus = z.infer<typeof AdminBlogPostStatusSchema>;

/** A post as the back office edits it: `publishedAt` is its publish date, whatever its status. */
export const AdminBlogPostSchema = BlogPostSchema.extend({ status: AdminBlogPostStatusSchema });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;

export const AdminBlogPostSummarySchema = AdminBlogPostSchema.omit({ body: true });
export type AdminBlogPostSummary = z.infer<typeof AdminBlogPostSummarySchema>;

/** GET /admin/content/blog. */
export const AdminBlogSchema = z.object({
  posts: z.array(AdminBlogPostSummarySchema),
  categories: z.array(BlogCategorySchema),
});
export type AdminBlog = z.infer<typeof AdminBlogSchema>;

/** GET /admin/content/blog/{id}: the post and the categories it may have. */
export const AdminBlogPostDetailSchema = z.object({
  post: AdminBlogPostSchema,
  categories: z.array(BlogCategorySchema),
});
export type AdminBlogPostDetail = z.infer<typeof AdminBlogPostDetailSchema>;

/** POST /admin/content/blog and PATCH /admin/content/blog/{id}; the domain's `blogPostErrors` checks it. */
export const AdminBlogPostBodySchema = z.object({
  title: z.string().max(1000),
  slug: z.string().max(1000),
  categories: z.array(z.string().max(100)).max(20),
  excerpt: z.string().max(2000),
  body: z.array(BlockSchema).max(200),
  seoTitle: z.string().max(1000).default(''),
  seoDescription: z.string().max(2000).default(''),
  status: AdminBlogPostStatusSchema,
  /** ISO date-time. */
  publishedAt: z.string().max(100),
});
export type AdminBlogPostBody = z.infer<typeof AdminBlogPostBodySchema>;
