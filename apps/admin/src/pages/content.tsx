/**
 * `/content` (content): the sitewide banner (its text, link and whether the shop shows it), the CMS
 * pages and the shop's navigation (content-navigation.tsx), each edited with a preview as the shop
 * shows it. A page's text is written one block per
 * paragraph: `# ` starts a heading, lines starting `- ` make a list.
 */
import {
  type AdminBanner,
  AdminBannerSchema,
  type AdminContent,
  AdminContentSchema,
  AdminNavigationSchema,
  type Block,
  type Page,
  PageSchema,
} from '@drawhouse/contract';
import { useId, useState } from 'react';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { adminCall } from '../lib/api';
import { blocksText, textBlocks } from '../lib/blocks';
import { type ActionResult, refusal, text } from '../lib/forms';
import { type PreviewResult, previewLink } from '../lib/preview';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, Notice, PageTitle, ShopPreviewForm } from '../ui';
import { NavigationForm, navigationBody } from './content-navigation';

async function contentLoader({ request }: LoaderFunctionArgs): Promise<AdminContent> {
  return adminCall(AdminContentSchema, 'GET', '/content', { signal: request.signal });
}

async function contentAction({ request }: ActionFunctionArgs): Promise<PreviewResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  try {
    if (intent.startsWith('preview-')) {
      return await previewLink(intent, { kind: 'page', id: text(form, 'slug') });
    }
    if (intent === 'banner') {
      const body: AdminBanner = {
        text: text(form, 'text'),
        link: text(form, 'link') || null,
        shown: form.get('shown') === 'on',
      };
      await adminCall(AdminBannerSchema, 'PATCH', '/content/banner', { body });
      return { intent, notice: 'The banner is saved.' };
    }
    if (intent === 'navigation') {
      await adminCall(AdminNavigationSchema, 'PATCH', '/content/navigation', {
        body: navigationBody(text(form, 'navigation')),
      });
      return { intent, notice: 'The navigation is saved: the shop shows it within a minute.' };
    }
    const slug = text(form, 'slug');
    await adminCall(PageSchema, 'PATCH', `/content/pages/${encodeURIComponent(slug)}`, {
      body: {
        title: text(form, 'title'),
        metaDescription: text(form, 'metaDescription'),
        blocks: textBlocks(text(form, 'body')),
      },
    });
    return { intent, notice: `The page ${slug} is saved.` };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

/** The banner as the shop shows it at the top of every page. */
function BannerPreview({ banner }: { banner: { text: string; link: string } }) {
  return (
    <div className="bg-secondary text-on-secondary">
      <p className="px-4 py-2">
        {banner.link ? <span className="underline underline-offset-2">{banner.text}</span> : banner.text}
      </p>
    </div>
  );
}

/** A page's blocks as the shop's page shows them. */
function BlockPreview({ block }: { block: Block }) {
  if (block.type === 'heading') return <h3 className="mt-6 text-2xl font-bold">{block.text}</h3>;
  if (block.type === 'paragraph') return <p className="mt-4 leading-relaxed">{block.text}</p>;
  return (
    <ul className="mt-4 list-disc space-y-1 pl-6">
      {block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items are static text and may repeat
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function BannerForm({ banner, result }: { banner: AdminBanner; result: ActionResult | undefined }) {
  const [draft, setDraft] = useState({ text: banner.text, link: banner.link ?? '' });
  const mine = result?.intent === 'banner' ? result : undefined;
  const errors = mine?.fieldErrors ?? {};
  return (
    <section aria-labelledby="banner-heading" className="mb-10">
      <h2 id="banner-heading" className="mb-2 text-xl font-bold">
        Sitewide banner
      </h2>
      <ErrorSummary message={mine?.error} />
      <Notice message={mine?.notice} />
      <Form
        method="post"
        aria-labelledby="banner-heading"
        onChange={(e) => {
          const form = e.currentTarget;
          const data = new FormData(form);
          setDraft({ text: text(data, 'text'), link: text(data, 'link') });
        }}
      >
        <input type="hidden" name="intent" value="banner" />
        <Field
          label="Banner text"
          name="text"
          maxLength={200}
          defaultValue={banner.text}
          errors={errors.text}
        />
        <Field
          label="Banner link"
          name="link"
          hint="A path of the shop, such as /raffles, or an https:// address; empty for none"
          defaultValue={banner.link ?? ''}
          errors={errors.link}
        />
        <p className="mb-4">
          <input
            type="checkbox"
            id="banner-shown"
            name="shown"
            defaultChecked={banner.shown}
            className="mr-1"
          />
          <label htmlFor="banner-shown">Show it at the top of every page</label>
        </p>
        <h3 className="mb-1 font-semibold">Preview</h3>
        <div className="mb-4 max-w-2xl rounded-md border border-muted" data-testid="banner-preview">
          {draft.text ? <BannerPreview banner={draft} /> : <p className="p-2 text-muted">No text yet</p>}
        </div>
        <button type="submit" className="button-primary">
          Save the banner
        </button>
      </Form>
    </section>
  );
}

/** Asks for a preview link of the saved page and offers it, to open in the shop. */
function PagePreviewLink({ page, result }: { page: Page; result: PreviewResult | undefined }) {
  const intent = `preview-${page.slug}`;
  const mine = result?.intent === intent ? result : undefined;
  return (
    <ShopPreviewForm
      testId={`page-shop-preview-${page.slug}`}
      intent={intent}
      fields={{ slug: page.slug }}
      button="Preview the saved page in the shop"
      error={mine?.error}
      url={mine?.previewUrl}
    />
  );
}

function PageForm({ page, result }: { page: Page; result: PreviewResult | undefined }) {
  const id = useId();
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(blocksText(page.blocks));
  const mine = result?.intent === `page-${page.slug}` ? result : undefined;
  const errors = mine?.fieldErrors ?? {};
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10">
      <h2 id={`${id}-heading`} className="mb-2 text-xl font-bold">
        Page /about/{page.slug}
      </h2>
      <ErrorSummary message={mine?.error} />
      <Notice message={mine?.notice} />
      <Form method="post" aria-labelledby={`${id}-heading`} className="grid gap-6 lg:grid-cols-2">
        <div>
          <input type="hidden" name="intent" value={`page-${page.slug}`} />
          <input type="hidden" name="slug" value={page.slug} />
          <div className="mb-4">
            <label htmlFor={`${id}-title`} className="block font-semibold">
              Title
            </label>
            <input
              id={`${id}-title`}
              name="title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={120}
              aria-invalid={errors.title?.length ? true : undefined}
              aria-describedby={errors.title?.length ? `${id}-title-error` : undefined}
              className="mt-1 w-full rounded-md border border-muted px-3 py-2"
            />
            {errors.title?.length ? (
              <p id={`${id}-title-error`} className="mt-1 text-sm font-semibold text-red-800">
                {errors.title.join(' ')}
              </p>
            ) : null}
          </div>
          <Field
            label="Description (for search engines)"
            name="metaDescription"
            maxLength={300}
            defaultValue={page.metaDescription}
            errors={errors.metaDescription}
          />
          <div className="mb-4">
            <label htmlFor={`${id}-body`} className="block font-semibold">
              Page text
            </label>
            <p id={`${id}-body-hint`} className="text-sm text-muted">
              One block per paragraph: # starts a heading, lines starting - make a list
            </p>
            <textarea
              id={`${id}-body`}
              name="body"
              rows={12}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-describedby={`${id}-body-hint${errors.blocks?.length ? ` ${id}-body-error` : ''}`}
              aria-invalid={errors.blocks?.length ? true : undefined}
              className="mt-1 w-full rounded-md border border-muted px-3 py-2 font-mono text-sm"
            />
            {errors.blocks?.length ? (
              <p id={`${id}-body-error`} className="mt-1 text-sm font-semibold text-red-800">
                {errors.blocks.join(' ')}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button-primary">
            Save the page
          </button>
        </div>
        <div>
          <h3 className="mb-1 font-semibold">Preview</h3>
          <article className="rounded-md border border-muted p-4" data-testid={`page-preview-${page.slug}`}>
            <p className="text-3xl font-extrabold">{title}</p>
            {textBlocks(body).map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids and keep their order
              <BlockPreview key={index} block={block} />
            ))}
          </article>
        </div>
      </Form>
    </section>
  );
}

function ContentPage() {
  const { banner, pages, navigation } = useLoaderData() as AdminContent;
  const result = useActionData() as PreviewResult | undefined;
  const [slug, setSlug] = useState(pages[0]?.slug ?? '');
  const page = pages.find((p) => p.slug === slug);
  return (
    <>
      <PageTitle>Content</PageTitle>
      <BannerForm banner={banner} result={result} />
      <NavigationForm navigation={navigation} result={result} />
      <div className="mb-4">
        <label htmlFor="content-page" className="block font-semibold">
          Page to edit
        </label>
        <select
          id="content-page"
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          className="mt-1 rounded-md border border-muted px-3 py-2"
        >
          {pages.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
      {page ? <PagePreviewLink key={`preview-${page.slug}`} page={page} result={result} /> : null}
      {page ? <PageForm key={page.slug} page={page} result={result} /> : null}
    </>
  );
}

export const contentPage: AdminPage = {
  path: '/content',
  label: 'Content',
  role: 'content',
  loader: contentLoader,
  action: contentAction,
  Component: ContentPage,
};
