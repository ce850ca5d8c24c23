/**
 * A blog post as the back office's form describes it, checked: an error per field, or nothing. The
 * slug is the post's address (`/blog/{slug}`): lower-case letters and digits in words joined by single
 * hyphens. A post has at least one of the blog's categories; its publish date is a date-time, and a
 * published post dated later than now shows from that moment.
 */
import { type Block, pageErrors } from './content-draft.ts';
import type { FieldError } from './validation-messages.ts';

export const BLOG_SLUG_MAX = 100;
export const BLOG_TITLE_MAX = 120;
export const BLOG_EXCERPT_MAX = 300;
/** What search engines show of a title and a description without cutting it. */
export const BLOG_SEO_TITLE_MAX = 70;
export const BLOG_SEO_DESCRIPTION_MAX = 160;

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export type BlogPostDraft = {
  title: string;
  slug: string;
  categories: readonly string[];
  excerpt: string;
  body: readonly Block[];
  seoTitle: string;
  seoDescription: string;
  status: BlogPostStatus;
  publishedAt: string;
};

export function isBlogSlug(slug: string): boolean {
  return slug.length <= BLOG_SLUG_MAX && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
}

/** The post's fields checked; `categorySlugs` are the blog's categories. */
export function blogPostErrors(
  post: BlogPostDraft,
  categorySlugs: readonly string[],
): Record<string, FieldError[]> {
  const errors: Record<string, FieldError[]> = {};
  const fail = (field: string, code: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), { code, message }];
  };
  const title = post.title.trim();
  if (title.length < 2 || title.length > BLOG_TITLE_MAX) {
    fail('title', 'invalid_title', `A title is 2 to ${BLOG_TITLE_MAX} characters.`);
  }
  if (!isBlogSlug(post.slug.trim())) {
    fail(
      'slug',
      'invalid_slug',
      `A slug is lower-case letters and digits in words joined by hyphens, such as winter-jackpots (at most ${BLOG_SLUG_MAX} characters).`,
    );
  }
  if (post.categories.length === 0) fail('categories', 'required', 'Choose at least one category.');
  else if (post.categories.some((c) => !categorySlugs.includes(c))) {
    fail('categories', 'unknown_category', 'Choose among the blog’s categories.');
  }
  const excerpt = post.excerpt.trim();
  if (excerpt === '') fail('excerpt', 'required', 'Write the excerpt the blog lists the post with.');
  if (excerpt.length > BLOG_EXCERPT_MAX) {
    fail('excerpt', 'too_long', `An excerpt is at most ${BLOG_EXCERPT_MAX} characters.`);
  }
  const { blocks } = pageErrors({ title, metaDescription: '', blocks: post.body });
  if (blocks) errors.body = blocks;
  if (post.seoTitle.trim().length > BLOG_SEO_TITLE_MAX) {
    fail('seoTitle', 'too_long', `A search title is at most ${BLOG_SEO_TITLE_MAX} characters.`);
  }
  if (post.seoDescription.trim().length > BLOG_SEO_DESCRIPTION_MAX) {
    fail(
      'seoDescription',
      'too_long',
      `A search description is at most ${BLOG_SEO_DESCRIPTION_MAX} characters.`,
    );
  }
  if (!BLOG_POST_STATUSES.includes(post.status)) {
    fail('status', 'invalid_status', 'A post is a draft or published.');
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(post.publishedAt) || Number.isNaN(Date.parse(post.publishedAt))) {
    fail('publishedAt', 'invalid_date', 'Give the publish date and time.');
  }
  return errors;
}
