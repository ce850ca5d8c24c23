/**
 * The blog pages' search tags: title and description (pageMeta), the canonical address, Open Graph
 * tags and JSON-LD structured data (Blog, BlogPosting, BreadcrumbList) built from what the loader read.
 */
import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '../../lib/meta';
import { postPath } from './blog-paths';

type MatchLike = { id: string; data?: unknown } | undefined;

export type Crumb = { name: string; path: string };

export type BlogSeo = {
  title: string;
  description: string;
  /** The page's absolute address without query or page 1. */
  canonical: string;
  origin: string;
  type: 'website' | 'article';
  image?: string | null;
  crumbs: Crumb[];
  structured: Record<string, unknown>;
};

export function breadcrumbList(origin: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

export function blogMeta(matches: readonly MatchLike[], seo: BlogSeo | undefined): MetaDescriptor[] {
  if (!seo) return pageMeta(matches, null);
  const tags = pageMeta(matches, seo.title, seo.description);
  tags.push(
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:type', content: seo.type },
  );
  if (seo.image) tags.push({ property: 'og:image', content: `${seo.origin}${seo.image}` });
  tags.push(
    { 'script:ld+json': seo.structured },
    { 'script:ld+json': breadcrumbList(seo.origin, seo.crumbs) },
  );
  return tags;
}

/** The schema.org Blog of a list page, with its posts. */
export function blogStructured(
  origin: string,
  page: { name: string; canonical: string; description: string },
  posts: readonly { title: string; slug: string; publishedAt: string }[],
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: page.name,
    url: page.canonical,
    description: page.description,
    blogPost: posts.map((p) => ({
      '@type': 'BlogPosting',
      headline: p.title,
      url: `${origin}${postPath(p.slug)}`,
      datePublished: p.publishedAt,
    })),
  };
}
