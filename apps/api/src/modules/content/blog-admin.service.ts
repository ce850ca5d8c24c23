/**
 * The blog in the back office (content role): every post (drafts and posts dated later included),
 * read, made and edited whole (checked by the domain's `blogPostErrors`), each change written with its
 * audit row in one transaction. A post's id stays what it was made with (the demo's seed adds missing
 * posts by id); its slug, the shop's address for it, may change while no other post answers to it.
 */
import type {
  AdminBlog,
  AdminBlogPost,
  AdminBlogPostBody,
  AdminBlogPostDetail,
  BlogCategory,
} from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { blogPostErrors } from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { categoryOf, newestFirst, postOf } from './blog.service.ts';
import { type CmsItemRow, createContentRepository } from './content.repository.ts';
import { contentAdminRepository } from './content-admin.repository.ts';

const POSTS = 'blog_posts';

function adminPostOf(row: CmsItemRow): AdminBlogPost {
  const { draft, ...post } = postOf(row);
  return { ...post, status: draft ? 'draft' : 'published' };
}

async function categoriesOf(db: DbOrTx): Promise<BlogCategory[]> {
  return (await createContentRepository(db).items('blog_categories')).map(categoryOf);
}

const slugTaken = () =>
  new AppError(409, 'slug_taken', 'Another post has this slug.', {
    slug: [{ code: 'slug_taken', message: 'Another post has this slug: choose another.' }],
  });

const postNotFound = () => notFound('post_not_found', 'There is no such blog post.');

export function createBlogAdmin(deps: { db: DbOrTx; now: () => Date; changed: () => void }) {
  const { db, now, changed } = deps;

  /** The body checked and trimmed, as the post stores it (search texts default to the title and excerpt). */
  async function checked(tx: DbOrTx, body: AdminBlogPostBody) {
    const categories = (await categoriesOf(tx)).map((c) => c.slug);
    const errors = blogPostErrors(body, categories);
    if (Object.keys(errors).length > 0) {
      throw new AppError(400, 'invalid_content', 'Check the highlighted fields.', errors);
    }
    const title = body.title.trim();
    const excerpt = body.excerpt.trim();
    return {
      slug: body.slug.trim(),
      data: {
        title,
        excerpt,
        categories: [...new Set(body.categories)],
        body: body.body,
        seoTitle: body.seoTitle.trim() || title,
        seoDescription: body.seoDescription.trim() || excerpt,
        publishedAt: new Date(body.publishedAt).toISOString(),
        draft: body.status === 'draft',
      },
    };
  }

  return {
    async list(): Promise<AdminBlog> {
      const [rows, categories] = await Promise.all([
        createContentRepository(db).items(POSTS),
        categoriesOf(db),
      ]);
      const posts = rows
        .map(adminPostOf)
        .sort(newestFirst)
        .map(({ body: _body, ...post }) => post);
      return { posts, categories };
    },

    async show(id: string): Promise<AdminBlogPostDetail> {
      const row = await contentAdminRepository(db).item(POSTS, id);
      if (!row) throw postNotFound();
      return { post: adminPostOf(row), categories: await categoriesOf(db) };
    },

    async create(actor: Actor, body: AdminBlogPostBody): Promise<AdminBlogPost> {
      const saved = await db.transaction(async (tx) => {
        const repo = contentAdminRepository(tx);
        const { slug, data } = await checked(tx, body);
        if (await repo.slugTaken(POSTS, slug)) throw slugTaken();
        const stored = { ...data, author: actor.operator.name, heroImage: null };
        const row = await repo.insert(POSTS, slug, slug, stored, now());
        if (!row) throw slugTaken();
        const after = adminPostOf(row);
        await recordAudit(tx, actor, {
          action: 'blog_post.created',
          targetType: 'blog_post',
          targetId: slug,
          after,
        });
        return after;
      });
      changed();
      return saved;
    },

    async save(actor: Actor, id: string, body: AdminBlogPostBody): Promise<AdminBlogPost> {
      const saved = await db.transaction(async (tx) => {
        const repo = contentAdminRepository(tx);
        const row = await repo.item(POSTS, id, true);
        if (!row) throw postNotFound();
        const { slug, data } = await checked(tx, body);
        if (await repo.slugTaken(POSTS, slug, row.id)) throw slugTaken();
        const before = adminPostOf(row);
        await repo.save(POSTS, row.id, { ...row.data, ...data }, now(), slug);
        const after = adminPostOf({ ...row, slug, data: { ...row.data, ...data } });
        await recordAudit(tx, actor, {
          action: 'blog_post.updated',
          targetType: 'blog_post',
          targetId: row.id,
          before,
          after,
        });
        return after;
      });
      changed();
      return saved;
    },
  };
}
