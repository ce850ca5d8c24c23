import { redirect } from 'react-router';
import { ContentBlocks } from '../features/content/blocks';
import { loadPreview, previewExpiry } from '../features/content/preview.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/preview';

export const handle: ScreenHandle = { screenName: 'preview', layout: 'bare' };

/**
 * /preview?token=...: a CMS page or blog post as the shop will show it, drafts included, for the
 * content role (the back office makes the token). Its own layout, without the shop's header and
 * footer; anyone without a valid token gets the 404 page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const preview = await loadPreview(visitorOf(context), token);
  // An offer is previewed on its own page.
  if (preview.kind === 'offer') {
    throw redirect(
      `/${encodeURIComponent(preview.offer.key)}?preview=true&token=${encodeURIComponent(token ?? '')}`,
    );
  }
  return { preview, expires: previewExpiry(preview.expiresAt) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const preview = loaderData?.preview;
  const title = preview
    ? `Preview: ${preview.kind === 'page' ? preview.page.title : preview.post.title}`
    : null;
  return [...pageMeta(matches, title), { name: 'robots', content: 'noindex, nofollow' }];
};

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { preview, expires } = loaderData;
  return (
    <div data-testid="content-preview">
      <div className="flex flex-wrap items-center justify-center gap-x-4 bg-accent px-4 py-2 text-ink">
        <p role="status" className="font-semibold">
          Preview: this is how it will look in the shop. The link works until {expires}.
        </p>
        {preview.canEdit && preview.editUrl ? (
          <a href={preview.editUrl} className="font-semibold underline" data-testid="edit-in-back-office">
            Edit in back office
          </a>
        ) : null}
      </div>
      <div className="container-page py-8">
        {preview.kind === 'page' ? (
          <article className="max-w-3xl" data-testid={`cms-page-${preview.page.slug}`}>
            <h1 className="text-3xl font-extrabold">{preview.page.title}</h1>
            <ContentBlocks blocks={preview.page.blocks} />
          </article>
        ) : (
          <article className="max-w-3xl" data-testid="blog-post">
            <h1 className="text-3xl font-extrabold">{preview.post.title}</h1>
            <p className="mt-2 text-muted">{preview.post.author}</p>
            <p className="mt-6 text-lg font-semibold">{preview.post.excerpt}</p>
            <ContentBlocks blocks={preview.post.body} testId="blog-post-body" />
          </article>
        )}
      </div>
    </div>
  );
}
