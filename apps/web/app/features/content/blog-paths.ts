/** The blog's addresses: a post, and a category (page 1 has no number). */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string) => `/blog/category/${encodeURIComponent(slug)}`;
