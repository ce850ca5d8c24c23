/**
 * Content in the back office (content role): the sitewide banner and the CMS pages, read and edited
 * whole (checked by the domain's `bannerErrors` and `pageErrors`), each change written with its audit
 * row in one transaction. The banner the back office edits is the banners item `sitewide`; showing it
 * points the site config's `sitewideBannerId` at it, hiding it clears that.
 */
import type { AdminBanner, AdminContent, AdminPageBody, Page } from '@drawhouse/contract';
import { BannerSchema, PageSchema } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { bannerErrors, pageErrors } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { StoredSiteConfigSchema } from './content.schemas.ts';
import { contentAdminRepository } from './content-admin.repository.ts';

const BANNER_ID = 'sitewide';

function refused(errors: ReturnType<typeof bannerErrors>): void {
  if (Object.keys(errors).length > 0) {
    throw new AppError(400, 'invalid_content', 'Check the highlighted fields.', errors);
  }
}

async function bannerOf(tx: DbOrTx, lock = false) {
  const repo = contentAdminRepository(tx);
  const config = await repo.item('site_config', 'site_config', lock);
  if (!config) throw new AppError(404, 'item_not_found', 'There is no site_config item.');
  const stored = StoredSiteConfigSchema.parse(config.data);
  const shownId = stored.sitewideBannerId ?? null;
  const row = await repo.item('banners', shownId ?? BANNER_ID);
  const banner = row ? BannerSchema.parse({ id: row.id, ...row.data }) : null;
  const view: AdminBanner = {
    text: banner?.text ?? '',
    link: banner?.link ?? null,
    shown: shownId !== null && banner !== null,
  };
  return { config: config.data, view };
}

const pageOf = (row: { id: string; slug: string | null; data: Record<string, unknown> }): Page =>
  PageSchema.parse({ id: row.id, slug: row.slug ?? row.id, ...row.data });

export function createContentAdmin(deps: { db: DbOrTx; now: () => Date; changed: () => void }) {
  const { db, now, changed } = deps;

  return {
    async show(): Promise<AdminContent> {
      const [{ view }, pages] = await Promise.all([bannerOf(db), contentAdminRepository(db).pages()]);
      return { banner: view, pages: pages.map(pageOf) };
    },

    async saveBanner(actor: Actor, body: AdminBanner): Promise<AdminBanner> {
      refused(bannerErrors(body));
      const after: AdminBanner = {
        text: body.text.trim(),
        link: body.link?.trim() || null,
        shown: body.shown,
      };
      const saved = await db.transaction(async (tx) => {
        const { config, view: before } = await bannerOf(tx, true);
        const repo = contentAdminRepository(tx);
        const at = now();
        await repo.save('banners', BANNER_ID, { text: after.text, link: after.link, sitewide: true }, at);
        await repo.save(
          'site_config',
          'site_config',
          { ...config, sitewideBannerId: after.shown ? BANNER_ID : null },
          at,
        );
        await recordAudit(tx, actor, {
          action: 'banner.updated',
          targetType: 'banner',
          targetId: BANNER_ID,
          before,
          after,
        });
        return (await bannerOf(tx)).view;
      });
      changed();
      return saved;
    },

    async savePage(actor: Actor, slug: string, body: AdminPageBody): Promise<Page> {
      const saved = await db.transaction(async (tx) => {
        const repo = contentAdminRepository(tx);
        const row = await repo.item('pages', slug, true);
        if (!row) throw new AppError(404, 'page_not_found', 'There is no such page.');
        refused(pageErrors(body));
        const before = pageOf(row);
        const data = {
          ...row.data,
          slug: before.slug,
          title: body.title.trim(),
          metaDescription: body.metaDescription.trim(),
          blocks: body.blocks,
        };
        await repo.save('pages', row.id, data, now());
        const after = pageOf({ ...row, data });
        await recordAudit(tx, actor, {
          action: 'page.updated',
          targetType: 'page',
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
