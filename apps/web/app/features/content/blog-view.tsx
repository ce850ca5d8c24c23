/** The blog's pieces: a post's card, a grid of cards, the category links and a post's body. */
import type { BlogCategory } from '@drawhouse/contract';
import { Link } from 'react-router';
import type { PostCardView } from './blog.server';
import { categoryPath, postPath } from './blog-paths';

/** A post's picture, when it has one. */
export function HeroImage({
  post,
  className,
  lazy = false,
}: {
  post: Pick<PostCardView, 'heroImage'>;
  className: string;
  lazy?: boolean;
}) {
  if (!post.heroImage) return null;
  return (
    <img
      src={post.heroImage.src}
      alt={post.heroImage.alt}
      width={800}
      height={450}
      loading={lazy ? 'lazy' : undefined}
      className={`aspect-video object-cover ${className}`}
    />
  );
}

/** A post's date and author. */
export function Byline({ post, className }: { post: PostCardView; className: string }) {
  return (
    <p className={className}>
      <time dateTime={post.publishedAt}>{post.dateLabel}</time> · {post.author}
    </p>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: PostCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-surface shadow-sm"
      data-testid="blog-post-card"
    >
      <HeroImage post={post} className="w-full" lazy />
      <div className="flex flex-1 flex-col p-4">
        <Heading className="text-lg font-bold">
          <Link to={postPath(post.slug)} className="link">
            {post.title}
          </Link>
        </Heading>
        <Byline post={post} className="mt-1 text-sm text-muted" />
        <p className="mt-3 flex-1">{post.excerpt}</p>
      </div>
    </article>
  );
}

export function PostGrid({
  posts,
  label,
  headingLevel,
}: {
  posts: readonly PostCardView[];
  label: string;
  headingLevel?: 2 | 3;
}) {
  if (posts.length === 0) return <p>There is no news here yet.</p>;
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-posts">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function CategoryLinks({
  categories,
  current,
}: {
  categories: readonly BlogCategory[];
  current?: string;
}) {
  return (
    <nav aria-label="News categories" className="mb-6">
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link to="/blog" className="link" aria-current={current === undefined ? 'page' : undefined}>
            All news
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <Link
              to={categoryPath(c.slug)}
              className="link"
              aria-current={current === c.slug ? 'page' : undefined}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
