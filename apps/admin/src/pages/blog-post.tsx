/**
 * `/blog/new` and `/blog/:id` (content): a blog post's editor. Title, slug (the shop's address
 * /blog/{slug}), categories, excerpt, text (one block per paragraph: `# ` starts a heading, lines
 * starting `- ` make a list), search title and description, draft or published, and the publish date
 * (a published post dated later shows from then). A saved post can be previewed in the shop as it
 * stands, drafts too, through a preview link.
 */
import {
  type AdminBlogPost,
  type AdminBlogPostBody,
  AdminBlogPostDetailSchema,
  AdminBlogPostSchema,
  AdminBlogSchema,
  type BlogCategory,
} from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { adminCall } from '../lib/api';
import { blocksText, textBlocks } from '../lib/blocks';
import { localInput, refusal, text, typedInstant } from '../lib/forms';
import { type PreviewResult, previewLink } from '../lib/preview';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, GroupErrors, Notice, PageTitle, ShopPreviewForm } from '../ui';
import { statusLabel } from './blog';

type Loaded = { post: AdminBlogPost | null; categories: BlogCategory[] };

const postPath = (id: string) => `/content/blog/${encodeURIComponent(id)}`;

async function editLoader({ request, params }: LoaderFunctionArgs): Promise<Loaded> {
  return adminCall(AdminBlogPostDetailSchema, 'GET', postPath(params.id ?? ''), { signal: request.signal });
}

async function newLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const { categories } = await adminCall(AdminBlogSchema, 'GET', '/content/blog', { signal: request.signal });
  return { post: null, categories };
}

/**
 * The publish date typed, as an instant: the saved one when the field still shows it (the field holds
 * minutes, the saved date may hold seconds); what was typed when it is no date (the API says so).
 */
function publishedAtOf(form: FormData): string {
  const typed = text(form, 'publishedAt');
  const saved = text(form, 'savedPublishedAt');
  if (saved && localInput(saved) === typed) return saved;
  return typedInstant(typed);
}

function bodyOf(form: FormData): AdminBlogPostBody {
  return {
    title: text(form, 'title'),
    slug: text(form, 'slug'),
    categories: form.getAll('categories').filter((c): c is string => typeof c === 'string'),
    excerpt: text(form, 'excerpt'),
    body: textBlocks(text(form, 'body')),
    seoTitle: text(form, 'seoTitle'),
    seoDescription: text(form, 'seoDescription'),
    status: text(form, 'status') === 'published' ? 'published' : 'draft',
    publishedAt: publishedAtOf(form),
  };
}

async function newAction({ request }: ActionFunctionArgs): Promise<PreviewResult | Response> {
  const form = await request.formData();
  try {
    const made = await adminCall(AdminBlogPostSchema, 'POST', '/content/blog', { body: bodyOf(form) });
    return redirect(`/blog/${encodeURIComponent(made.id)}?saved=1`);
  } catch (error) {
    return refusal(error, request, 'save');
  }
}

async function editAction({ request, params }: ActionFunctionArgs): Promise<PreviewResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = params.id ?? '';
  try {
    if (intent === 'preview') return await previewLink(intent, { kind: 'blog_post', id });
    const saved = await adminCall(AdminBlogPostSchema, 'PATCH', postPath(id), { body: bodyOf(form) });
    const shown =
      statusLabel(saved) === 'Published'
        ? `The post is saved: the shop shows it at /blog/${saved.slug} within a few seconds.`
        : 'The post is saved.';
    return { intent, notice: shown };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

/** A checkbox or radio button with its label after it. */
function Choice(props: {
  type: 'checkbox' | 'radio';
  id: string;
  name: string;
  value: string;
  checked: boolean;
  label: string;
}) {
  return (
    <p>
      <input
        type={props.type}
        id={props.id}
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        className="mr-1"
      />
      <label htmlFor={props.id}>{props.label}</label>
    </p>
  );
}

const STATUSES = {
  draft: 'Draft: the shop does not show it',
  published: 'Published: the shop shows it from the publish date',
} as const;

function PostForm({ post, categories, result }: Loaded & { result: PreviewResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const mine = result?.intent === 'save' ? result : undefined;
  const errors = mine?.fieldErrors ?? {};
  const status = post?.status ?? 'draft';
  return (
    <Form method="post" aria-labelledby="post-heading" noValidate>
      <h2 id="post-heading" className="sr-only">
        The post
      </h2>
      <ErrorSummary message={mine?.error} />
      <Notice message={mine?.notice} />
      <input type="hidden" name="intent" value="save" />
      <Field
        label="Title"
        name="title"
        maxLength={120}
        defaultValue={post?.title ?? ''}
        errors={errors.title}
      />
      <Field
        label="Slug"
        name="slug"
        hint="The post's address, /blog/{slug}: lower-case words joined by hyphens, such as winter-jackpots"
        maxLength={100}
        defaultValue={post?.slug ?? ''}
        errors={errors.slug}
      />
      <fieldset
        className="mb-4"
        aria-describedby={errors.categories?.length ? 'post-categories-error' : undefined}
      >
        <legend className="font-semibold">Categories</legend>
        {categories.map((c) => (
          <Choice
            key={c.slug}
            type="checkbox"
            id={`post-category-${c.slug}`}
            name="categories"
            value={c.slug}
            checked={post?.categories.includes(c.slug) ?? false}
            label={c.name}
          />
        ))}
        <GroupErrors id="post-categories-error" errors={errors.categories} />
      </fieldset>
      <Field
        label="Excerpt"
        name="excerpt"
        rows={3}
        maxLength={300}
        hint="What the blog's lists show of the post"
        defaultValue={post?.excerpt ?? ''}
        errors={errors.excerpt}
      />
      <Field
        label="Post text"
        name="body"
        rows={14}
        hint="One block per paragraph: # starts a heading, lines starting - make a list"
        defaultValue={post ? blocksText(post.body) : ''}
        errors={errors.body}
      />
      <Field
        label="Search title"
        name="seoTitle"
        hint="At most 70 characters; empty for the title"
        maxLength={70}
        defaultValue={post?.seoTitle ?? ''}
        errors={errors.seoTitle}
      />
      <Field
        label="Search description"
        name="seoDescription"
        hint="At most 160 characters; empty for the excerpt"
        maxLength={160}
        defaultValue={post?.seoDescription ?? ''}
        errors={errors.seoDescription}
      />
      <fieldset className="mb-4">
        <legend className="font-semibold">Status</legend>
        {(['draft', 'published'] as const).map((value) => (
          <Choice
            key={value}
            type="radio"
            id={`post-status-${value}`}
            name="status"
            value={value}
            checked={status === value}
            label={STATUSES[value]}
          />
        ))}
      </fieldset>
      <input type="hidden" name="savedPublishedAt" value={post?.publishedAt ?? ''} />
      <Field
        label="Publish date"
        name="publishedAt"
        type="datetime-local"
        hint="In this browser's time zone"
        defaultValue={localInput(post?.publishedAt ?? new Date().toISOString())}
        errors={errors.publishedAt}
      />
      <button type="submit" className="button-primary" disabled={busy}>
        {post ? 'Save the post' : 'Create the post'}
      </button>
    </Form>
  );
}

/** Asks for a preview link of the saved post and offers it, to open in the shop. */
function PreviewLink({ result }: { result: PreviewResult | undefined }) {
  const mine = result?.intent === 'preview' ? result : undefined;
  return (
    <ShopPreviewForm
      testId="post-shop-preview"
      intent="preview"
      button="Preview the saved post in the shop"
      error={mine?.error}
      url={mine?.previewUrl}
    />
  );
}

function BlogPostPage() {
  const { post, categories } = useLoaderData() as Loaded;
  const result = useActionData() as PreviewResult | undefined;
  const [search] = useSearchParams();
  const justMade = post && search.get('saved') === '1';
  const shown = result ?? (justMade ? { intent: 'save', notice: 'The post is created.' } : undefined);
  return (
    <>
      <p className="mb-2">
        <Link className="link" to="/blog">
          All posts
        </Link>
      </p>
      <PageTitle>{post ? `Post: ${post.title}` : 'New post'}</PageTitle>
      {post ? (
        <p className="mb-4">
          {statusLabel(post)}, by {post.author}
        </p>
      ) : null}
      {post ? <PreviewLink result={shown} /> : null}
      <PostForm key={post?.id ?? 'new'} post={post} categories={categories} result={shown} />
    </>
  );
}

export const newBlogPostPage: AdminPage = {
  path: '/blog/new',
  label: 'New post',
  inNav: false,
  role: 'content',
  loader: newLoader,
  action: newAction,
  Component: BlogPostPage,
};

export const blogPostPage: AdminPage = {
  path: '/blog/:id',
  label: 'Post',
  inNav: false,
  role: 'content',
  loader: editLoader,
  action: editAction,
  Component: BlogPostPage,
};
