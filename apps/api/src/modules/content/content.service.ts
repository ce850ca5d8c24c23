/** Content use cases: theme, site configuration, pages and other CMS collections, files, translations. */

import {
  BannerSchema,
  type ContentSiteConfig,
  FaqSchema,
  type Navigation,
  OfferTermsItemSchema,
  type Page,
  PageSchema,
  type Theme,
  ThemeSchema,
  type Translation,
} from '@drawhouse/contract';
import { AppError } from '../../http/errors.ts';
import type { CmsItemRow, ContentRepository } from './content.repository.ts';
import { StoredSiteConfigSchema, type TranslationsQuery } from './content.schemas.ts';

/** Collections holding one item, answered as that item. */
const SINGLETONS = { theme: 'theme', site_config: 'site_config' } as const;
/** Collections holding many items, answered as `{ items }`, and one item by id or slug. */
const LISTS = {
  pages: PageSchema,
  faq: FaqSchema,
  banners: BannerSchema,
  /** An offer's terms (`{offer}`) and a raffle draw's (`{offer}.{drawNo}`). */
  offer_terms: OfferTermsItemSchema,
} as const;

type ListCollection = keyof typeof LISTS;

function isList(collection: string): collection is ListCollection {
  return Object.hasOwn(LISTS, collection);
}

function isSingleton(collection: string): collection is keyof typeof SINGLETONS {
  return Object.hasOwn(SINGLETONS, collection);
}

/** A locale tag such as en-AU: anything else is not a locale this service could have. */
const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** A CMS identifier or slug: letters, digits, '-', '_' and '.' (translation ids such as home.hero.title). */
const ITEM_ID = /^[A-Za-z0-9_.-]{1,200}$/;

function many(...values: (string | string[] | undefined)[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      for (const part of item.split(',')) {
        const trimmed = part.trim();
        if (trimmed && ITEM_ID.test(trimmed)) out.add(trimmed);
      }
    }
  }
  return [...out];
}

export function createContentService(repo: ContentRepository) {
  function shapeItem(collection: ListCollection, row: CmsItemRow) {
    const schema = LISTS[collection];
    return schema.parse({ id: row.id, ...(row.slug ? { slug: row.slug } : {}), ...row.data });
  }

  async function singleton(collection: keyof typeof SINGLETONS): Promise<CmsItemRow> {
    const row = await repo.item(collection, SINGLETONS[collection]);
    if (!row) throw new AppError(404, 'item_not_found', `There is no ${collection} item.`);
    return row;
  }

  async function theme(): Promise<Theme> {
    return ThemeSchema.parse((await singleton('theme')).data);
  }

  async function siteConfig(): Promise<ContentSiteConfig> {
    const stored = StoredSiteConfigSchema.parse((await singleton('site_config')).data);
    const bannerRow = stored.sitewideBannerId
      ? await repo.item('banners', stored.sitewideBannerId)
      : undefined;
    const banner = bannerRow ? BannerSchema.parse({ id: bannerRow.id, ...bannerRow.data }) : undefined;
    return {
      navigation: {
        primary: stored.navigation.primary
          .filter((item) => !item.hidden)
          .map(({ type, label, url }) => ({ type, label, url })),
      },
      componentVariants: stored.componentVariants,
      sitewideBanner: banner ? { id: banner.id, text: banner.text, link: banner.link } : null,
      footer: stored.footer,
    };
  }

  return {
    theme,
    siteConfig,

    async navigation(): Promise<Navigation> {
      return (await siteConfig()).navigation;
    },

    async components() {
      return { componentVariants: (await siteConfig()).componentVariants };
    },

    /** GET /items/{collection}: a singleton's item, or `{ items }` of a list. Unknown: 404. */
    async collection(collection: string) {
      if (collection === 'theme') return theme();
      if (collection === 'site_config') return siteConfig();
      if (!isList(collection)) {
        throw new AppError(
          404,
          'collection_not_found',
          `There is no content collection called "${collection}".`,
        );
      }
      const rows = await repo.items(collection);
      return { items: rows.map((row) => shapeItem(collection, row)) };
    },

    /** GET /items/{collection}/{id}: one item of a list by id or slug. */
    async item(collection: string, id: string) {
      if (isSingleton(collection)) {
        if (id !== SINGLETONS[collection]) {
          throw new AppError(404, 'item_not_found', `There is no ${collection} item called "${id}".`);
        }
        return collection === 'theme' ? theme() : siteConfig();
      }
      if (!isList(collection)) {
        throw new AppError(
          404,
          'collection_not_found',
          `There is no content collection called "${collection}".`,
        );
      }
      const row = ITEM_ID.test(id) ? await repo.item(collection, id) : undefined;
      if (!row) throw new AppError(404, 'item_not_found', `There is no ${collection} item called "${id}".`);
      return shapeItem(collection, row);
    },

    /** One CMS page by id or slug; 404 item_not_found. */
    async page(slug: string): Promise<Page> {
      const row = ITEM_ID.test(slug) ? await repo.item('pages', slug) : undefined;
      if (!row) throw new AppError(404, 'item_not_found', `There is no pages item called "${slug}".`);
      return PageSchema.parse({ id: row.id, ...(row.slug ? { slug: row.slug } : {}), ...row.data });
    },

    async file(id: string) {
      const row = ITEM_ID.test(id) ? await repo.file(id) : undefined;
      if (!row) throw new AppError(404, 'file_not_found', `There is no file called "${id}".`);
      return row;
    },

    async translations(locale: string, query: TranslationsQuery): Promise<{ items: Translation[] }> {
      if (!LOCALE.test(locale) || !(await repo.hasLocale(locale))) {
        throw new AppError(404, 'locale_not_found', `There are no translations for "${locale}".`);
      }
      const rows = await repo.translations(locale, {
        categories: many(query['c[]'], query.c),
        ids: many(query['id[]'], query.id),
        types: many(query['t[]'], query.t),
      });
      return { items: rows.map((r) => ({ id: r.id, category: r.category, type: r.type, value: r.value })) };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
