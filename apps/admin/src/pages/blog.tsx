/**
 * `/blog` (content): every blog post, newest first, drafts and posts dated later included, with its
 * status, publish date and categories; each opens its editor, and "New post" opens an empty one.
 */
import { type AdminBlog, AdminBlogSchema } from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { formatTime, PageTitle, TableHead } from '../ui';

const COLUMNS = ['Post', 'Address', 'Status', 'Publish date', 'Categories'] as const;

async function blogLoader({ request }: LoaderFunctionArgs): Promise<AdminBlog> {
  return adminCall(AdminBlogSchema, 'GET', '/content/blog', { signal: request.signal });
}

/** A post's status as the list shows it: a published post dated later is scheduled. */
export function statusLabel(post: { status: 'draft' | 'published'; publishedAt: string }): string {
  if (post.status === 'draft') return 'Draft';
  return Date.parse(post.publishedAt) > Date.now() ? 'Scheduled' : 'Published';
}

function BlogPage() {
  const { posts, categories } = useLoaderData() as AdminBlog;
  const names = new Map(categories.map((c) => [c.slug, c.name]));
  return (
    <>
      <PageTitle>Blog</PageTitle>
      <p className="mb-4">
        <Link className="button-primary inline-block" to="/blog/new">
          New post
        </Link>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Blog posts, newest first</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {posts.map((post) => (
              <tr key={post.id} className="border-t border-muted">
                <td className="py-1 pr-3">
                  <Link className="link" to={`/blog/${encodeURIComponent(post.id)}`}>
                    {post.title}
                  </Link>
                </td>
                <td className="py-1 pr-3 font-mono">/blog/{post.slug}</td>
                <td className="py-1 pr-3">{statusLabel(post)}</td>
                <td className="py-1 pr-3">{formatTime(post.publishedAt)}</td>
                <td className="py-1 pr-3">{post.categories.map((c) => names.get(c) ?? c).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const blogPage: AdminPage = {
  path: '/blog',
  label: 'Blog',
  role: 'content',
  loader: blogLoader,
  Component: BlogPage,
};
