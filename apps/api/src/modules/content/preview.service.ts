/**
 * Content preview (docs/api/back-office.md): a content operator asks for a preview token of a CMS
 * page, blog post or product offer (published or not) (audited as `preview.issued`), and the shop shows what a valid token names,
 * drafts included. An unknown target is 404 when asked; an unknown, altered or expired token is 404
 * `preview_not_found` when shown.
 */
import type { Preview, PreviewRequestBody, PreviewTicket } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { notFound } from '../../http/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import type { BlogService } from './blog.service.ts';
import type { ContentService } from './content.service.ts';
import { signPreview, verifyPreview } from './preview-token.ts';

export function createPreviewService(deps: {
  db: Database;
  secret: string;
  webBaseUrl: string;
  adminBaseUrl: string;
  now: () => Date;
  content: ContentService;
  blog: BlogService;
  catalogue: Pick<CatalogueService, 'offerPreview'>;
}) {
  const { db, secret, webBaseUrl, adminBaseUrl, now, content, blog, catalogue } = deps;

  /** What a preview of `kind` `id` shows; throws the target's 404 when there is none. */
  async function target(kind: PreviewRequestBody['kind'], id: string, expiresAt: Date): Promise<Preview> {
    const at = expiresAt.toISOString();
    if (kind === 'page') {
      // Pages are edited on the back office's Content page.
      const editUrl = `${adminBaseUrl}/content`;
      return { kind, expiresAt: at, canEdit: true, editUrl, page: await content.page(id) };
    }
    if (kind === 'offer') {
      // Offers are published and unpublished on the back office's Offers page.
      const offer = await catalogue.offerPreview(id);
      if (!offer) throw notFound('offer_not_found', 'There is no such product offer.');
      return { kind, expiresAt: at, canEdit: true, editUrl: `${adminBaseUrl}/offers`, offer };
    }
    // Blog posts are edited on their own page of the back office's Blog.
    const post = await blog.post(id, true);
    const editUrl = `${adminBaseUrl}/blog/${encodeURIComponent(post.id)}`;
    return { kind, expiresAt: at, canEdit: true, editUrl, post };
  }

  return {
    async issue(actor: Actor, body: PreviewRequestBody): Promise<PreviewTicket> {
      const at = now();
      const { token, expiresAt } = signPreview(secret, { ...body, operator: actor.operator.id }, at);
      await target(body.kind, body.id, expiresAt);
      await db.transaction((tx) =>
        recordAudit(tx, actor, {
          action: 'preview.issued',
          targetType: body.kind,
          targetId: body.id,
          after: { expiresAt: expiresAt.toISOString() },
        }),
      );
      // An offer is previewed on its own page; pages and posts on the shop's /preview.
      const path =
        body.kind === 'offer' ? `/${encodeURIComponent(body.id)}?preview=true&token=` : '/preview?token=';
      return {
        token,
        url: `${webBaseUrl}${path}${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async show(token: string): Promise<Preview> {
      const claim = verifyPreview(secret, token, now());
      if (!claim) throw notFound('preview_not_found', 'This preview link is not valid or has expired.');
      return target(claim.kind, claim.id, new Date(claim.exp));
    },
  };
}
