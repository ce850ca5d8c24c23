/**
 * Content in the back office (content role): the sitewide banner, the CMS pages and the shop's
 * navigation, read and edited whole (checked by the domain's `bannerErrors`, `pageErrors` and
 * `navigationErrors`), each change written with its audit row in one transaction. The banner the back
 * office edits is the banners item `sitewide`; showing it points the site config's `sitewideBannerId`
 * at it, hiding it clears that. The navigation is the site config's `navigation`.
 */
import type {
  AdminBanner,
  AdminContent,
  AdminNavigation,
  AdminNavigationBody,
  AdminPageBody,
  NavItem,
  Page,
} from '@drawhouse/contract';
import { BannerSchema, PageSchema } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { bannerErrors, navigationErrors, pageErrors } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { createContentRepository } from './content.repository.ts';
import { StoredSiteConfigSchema } from './content.schemas.ts';
import { contentAdminRepository } from './content-admin.repository.ts';

const BANNER_ID = 'sitewide';

function refused(errors: ReturnType<typeof bannerErrors>): void {
  if (Object.keys(errors).length > 0) {
    throw new AppError(400, 'invalid_content', 'Check the highlighted fields.', errors);
  }
}

/** The stored site config (locked for an edit) with the banner and the navigation as the back office shows them. */
async function siteConfigOf(tx: DbOrTx, lock = false) {
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
  return { config: config.data, view, navigation: navigationOf(stored.navigation.primary) };
}

function navigationOf(primary: readonly (NavItem & { hidden?: boolean | undefined })[]): AdminNavigation {
  return {
    primary: primary.map(({ type, label, url, hidden }) => ({ type, label, url, hidden: hidden ?? false })),
  };
}

/**
 * The navigation as it is stored: labels and links trimmed, a plain link item internal or external by
 * its link, `hidden` written only for a hidden item.
 */
function storedNavigation(body: AdminNavigationBody) {
  return {
    primary: body.primary.map((item) => {
      const url = item.url?.trim() || null;
      const plain = item.type === 'internal' || item.type === 'external';
      const type = plain ? (url?.startsWith('https://') ? 'external' : 'internal') : item.type;
      return { type, label: item.label.trim(), url, ...(item.hidden ? { hidden: true } : {}) };
    }),
  };
}

const pageOf = (row: { id: string; slug: string | null; data: Record<string, unknown> }): Page =>
  PageSchema.parse({ id: row.id, slug: row.slug ?? row.id, ...row.data });

export function createContentAdmin(deps: { db: DbOrTx; now: () => Date; changed: () => void }) {
  const { db, now, changed } = deps;

  return {
    async show(): Promise<AdminContent> {
      const [{ view, navigation }, pages] = await Promise.all([
        siteConfigOf(db),
        createContentRepository(db).items('pages'),
      ]);
      return { banner: view, pages: pages.map(pageOf), navigation };
    },

    async saveBanner(actor: Actor, body: AdminBanner): Promise<AdminBanner> {
      refused(bannerErrors(body));
      const after: AdminBanner = {
        text: body.text.trim(),
        link: body.link?.trim() || null,
        shown: body.shown,
      };
      const saved = await db.transaction(async (tx) => {
        const { config, view: before } = await siteConfigOf(tx, true);
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
        return (await siteConfigOf(tx)).view;
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

    async saveNavigation(actor: Actor, body: AdminNavigationBody): Promise<AdminNavigation> {
      refused(navigationErrors(body.primary));
      const navigation = storedNavigation(body);
      const saved = await db.transaction(async (tx) => {
        const { config, navigation: before } = await siteConfigOf(tx, true);
        await contentAdminRepository(tx).save('site_config', 'site_config', { ...config, navigation }, now());
        const after = navigationOf(navigation.primary);
        await recordAudit(tx, actor, {
          action: 'navigation.updated',
          targetType: 'navigation',
          targetId: 'primary',
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
