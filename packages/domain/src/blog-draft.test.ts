import { describe, expect, it } from 'vitest';
import { type BlogPostDraft, blogPostErrors, isBlogSlug } from './blog-draft.ts';

const post: BlogPostDraft = {
  title: 'Winter jackpots',
  slug: 'winter-jackpots',
  categories: ['draw-news'],
  excerpt: 'Three jackpots climb at once.',
  body: [{ type: 'paragraph', text: 'Powerball, Oz Lotto and Set for Life all jackpot this week.' }],
  seoTitle: 'Winter jackpots',
  seoDescription: 'Three jackpots at once.',
  status: 'published',
  publishedAt: '2026-06-01T00:00:00.000Z',
};
const categories = ['draw-news', 'winners'];
const fields = (draft: Partial<BlogPostDraft>) =>
  Object.keys(blogPostErrors({ ...post, ...draft }, categories));

describe('a blog post drafted in the back office', () => {
  it('passes when every field is right', () => {
    expect(blogPostErrors(post, categories)).toEqual({});
    expect(fields({ status: 'draft', seoTitle: '', seoDescription: '', categories: categories })).toEqual([]);
  });

  it('takes a slug of lower-case words joined by single hyphens', () => {
    for (const good of ['a', 'winter-jackpots', 'powerball-100-million'])
      expect(isBlogSlug(good), good).toBe(true);
    for (const bad of [
      '',
      'Winter',
      'winter jackpots',
      '-winter',
      'winter-',
      'winter--jackpots',
      'a/b',
      'é',
      'x'.repeat(101),
    ]) {
      expect(isBlogSlug(bad), bad).toBe(false);
      expect(fields({ slug: bad }), bad).toEqual(['slug']);
    }
  });

  it('names each wrong field', () => {
    expect(fields({ title: 'A' })).toEqual(['title']);
    expect(fields({ categories: [] })).toEqual(['categories']);
    expect(fields({ categories: ['no-such'] })).toEqual(['categories']);
    expect(fields({ excerpt: ' ' })).toEqual(['excerpt']);
    expect(fields({ excerpt: 'x'.repeat(301) })).toEqual(['excerpt']);
    expect(fields({ body: [] })).toEqual(['body']);
    expect(fields({ body: [{ type: 'paragraph', text: ' ' }] })).toEqual(['body']);
    expect(fields({ seoTitle: 'x'.repeat(71) })).toEqual(['seoTitle']);
    expect(fields({ seoDescription: 'x'.repeat(161) })).toEqual(['seoDescription']);
    expect(fields({ publishedAt: 'tomorrow' })).toEqual(['publishedAt']);
    expect(fields({ publishedAt: '2026-13-45T00:00:00Z' })).toEqual(['publishedAt']);
  });
});
