import {
  ComponentsSchema,
  ContentSiteConfigSchema,
  FaqSchema,
  NavigationSchema,
  PageSchema,
  ThemeSchema,
  TranslationsSchema,
} from '@drawhouse/contract';
import { ERROR_PAGE_COPY } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { toCamel } from '../src/http/case.ts';
import { getTestApp } from './helpers.ts';

const app = await getTestApp();

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return {
    res,
    status: res.statusCode,
    body: String(res.headers['content-type']).includes('json') ? res.json() : res.body,
  };
}

const PAGE_SLUGS = [
  'about',
  'responsible-gaming',
  'privacy',
  'cookie-policy',
  'faq',
  'terms-and-conditions',
  'terms-of-use',
  'contact-us',
];

describe('theme', () => {
  it('answers the theme at /cms/items/theme and /cms/theme, cached 10 minutes', async () => {
    const { res, status, body } = await get('/cms/items/theme');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(body.result.colors).toHaveProperty('primary_contrast');
    expect(body.result.colors).toHaveProperty('nav_background');
    expect(body.result.typography).toHaveProperty('heading_font');
    const theme = ThemeSchema.parse(toCamel(body.result));
    for (const colour of Object.values(theme.colors)) expect(colour).toMatch(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
    expect(theme.logo.src).toBe('/cms/files/logo');

    const config = await get('/cms/theme');
    expect(config.status).toBe(200);
    expect(config.body.result).toEqual(body.result);
    expect(config.res.headers['cache-control']).toBe('public, max-age=600');
  });
});

describe('site configuration', () => {
  it('answers navigation, component variants, the sitewide banner and the footer', async () => {
    const { status, body } = await get('/cms/items/site_config');
    expect(status).toBe(200);
    expect(body.result.component_variants).toHaveProperty('home_hero', 'A');
    const config = ContentSiteConfigSchema.parse(toCamel(body.result));
    expect(config.navigation.primary.map((n) => n.type)).toEqual([
      'lotto',
      'raffle',
      'social_play',
      'results',
      'internal',
    ]);
    expect(config.sitewideBanner).toEqual({
      id: 'prize-home-closing',
      text: expect.any(String),
      link: expect.any(String),
    });
    expect(config.footer.aboutText.length).toBeGreaterThan(20);
  });

  it('answers the config API: navigation and components, which clients keep for 5 s (an edit shows soon)', async () => {
    const navigation = await get('/cms/navigation');
    expect(navigation.status).toBe(200);
    expect(navigation.res.headers['cache-control']).toBe('public, max-age=5');
    expect(NavigationSchema.parse(toCamel(navigation.body.result)).primary.length).toBe(5);
    const components = await get('/cms/components');
    expect(components.status).toBe(200);
    expect(components.res.headers['cache-control']).toBe('public, max-age=5');
    expect(ComponentsSchema.parse(toCamel(components.body.result)).componentVariants.homeHero).toBe('A');
  });
});

describe('pages and other collections', () => {
  it('lists the pages', async () => {
    const { res, status, body } = await get('/cms/items/pages');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    const pages = (body.result.items as unknown[]).map((p) => PageSchema.parse(toCamel(p)));
    expect(pages.map((p) => p.slug).sort()).toEqual([...PAGE_SLUGS].sort());
    for (const page of pages) {
      expect(page.blocks.length, page.slug).toBeGreaterThan(0);
      expect(page.metaDescription.length).toBeGreaterThan(10);
    }
  });

  it('answers one page by slug, 404 item_not_found otherwise', async () => {
    const { status, body } = await get('/cms/items/pages/responsible-gaming');
    expect(status).toBe(200);
    const page = PageSchema.parse(toCamel(body.result));
    expect(page.title).toBe('Responsible gaming');
    expect(page.blocks.some((b) => b.type === 'list' && (b.items?.length ?? 0) > 0)).toBe(true);
    expect(body.result).toHaveProperty('meta_description');
    for (const slug of ['nope', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'a%20b', 'a%00b']) {
      const missing = await get(`/cms/items/pages/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(missing.body.error.code).toBe('item_not_found');
    }
  });

  it('answers faq and banners, one item by id', async () => {
    const faq = await get('/cms/items/faq');
    expect(faq.status).toBe(200);
    const items = (faq.body.result.items as unknown[]).map((f) => FaqSchema.parse(toCamel(f)));
    expect(items.length).toBeGreaterThan(3);
    const one = await get(`/cms/items/faq/${items[0]?.id}`);
    expect(one.body.result.question).toBe(items[0]?.question);
    const banners = await get('/cms/items/banners');
    expect(banners.body.result.items.map((b: { id: string }) => b.id)).toContain('prize-home-closing');
  });

  it('is 404 collection_not_found for an unknown collection', async () => {
    for (const url of ['/cms/items/nope', '/cms/items/nope/1', '/cms/items/%3Cx%3E']) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.error.code).toBe('collection_not_found');
    }
    expect((await get('/cms/items/theme/other')).status).toBe(404);
  });
});

describe('files', () => {
  it('serves SVG logos with their content type and a long cache', async () => {
    const { res, status } = await get('/cms/files/logo');
    expect(status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body).toContain('Drawhouse');
  });

  it('serves every logo the catalogue and theme point to', async () => {
    const offers = (await get('/v2/product_offers')).body.result.offers as {
      brand: { logo: string } | null;
    }[];
    for (const offer of offers) {
      if (!offer.brand) continue;
      expect((await get(offer.brand.logo)).status, offer.brand.logo).toBe(200);
    }
  });

  it('is a JSON 404 for an unknown or malformed file id', async () => {
    for (const id of ['nope', '..%2Fsecret', '%3Cscript%3E', 'a%00b']) {
      const { status, body } = await get(`/cms/files/${id}`);
      expect(status, id).toBe(404);
      expect(body.error.code).toBe('file_not_found');
    }
  });
});

describe('translations', () => {
  it('answers every translation of a locale, cached a day', async () => {
    const { res, status, body } = await get('/cms/en-AU/items');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const { items } = TranslationsSchema.parse(toCamel(body.result));
    expect(items.map((i) => i.id)).toContain('home.hero.title');
    expect(items.length).toBeGreaterThan(10);
  });

  it('filters by category, id and type, as c[], id[] and t[]', async () => {
    const home = await get('/cms/en-AU/items?c[]=home');
    const homeItems = home.body.result.items as { category: string }[];
    expect(homeItems.length).toBeGreaterThan(0);
    expect(homeItems.every((i) => i.category === 'home')).toBe(true);

    const two = await get('/cms/en-AU/items?c[]=home&c[]=cart');
    const categories = new Set((two.body.result.items as { category: string }[]).map((i) => i.category));
    expect(categories).toEqual(new Set(['home', 'cart']));

    const byId = await get('/cms/en-AU/items?id[]=home.hero.title&id[]=cart.empty');
    expect(byId.body.result.items.map((i: { id: string }) => i.id).sort()).toEqual([
      'cart.empty',
      'home.hero.title',
    ]);

    const html = await get('/cms/en-AU/items?t[]=html');
    expect(html.body.result.items.map((i: { id: string }) => i.id)).toEqual(['footer.responsible']);

    const none = await get('/cms/en-AU/items?c[]=no-such-category');
    expect(none.body.result.items).toEqual([]);

    // A value that could never be a category is ignored, never an error; a NUL is refused like in a body.
    const odd = await get('/cms/en-AU/items?c[]=%3Cscript%3E&c[]=home');
    expect(odd.status).toBe(200);
    expect(odd.body.result.items.length).toBe(homeItems.length);
    const nul = await get('/cms/en-AU/items?c[]=%00&c[]=home');
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body.errors)).toEqual(['c[][0]']);
  });

  it('answers the shop copy in en-AU as the shop words it, and in en-GB in British wording', async () => {
    const words = async (locale: string, group: string) => {
      const { status, body } = await get(`/cms/${locale}/items?c[]=${group}`);
      expect(status).toBe(200);
      const { items } = TranslationsSchema.parse(toCamel(body.result));
      return new Map(items.map((i) => [i.id, i.value]));
    };
    const au = await words('en-AU', 'errors');
    expect(au.get('errors.notFound.text')).toBe(ERROR_PAGE_COPY.notFound.text);
    const gb = await words('en-GB', 'errors');
    expect([...gb.keys()].sort()).toEqual([...au.keys()].sort());
    expect(gb.get('errors.notFound.text')).toBe('It looks like you may have taken a wrong turning.');
    const support = await words('en-GB', 'support');
    expect(support.get('support.number')).toBe('0330 000 0000');
    expect((await words('en-AU', 'support')).has('support.number')).toBe(false);
  });

  it('is 404 locale_not_found for a locale without translations or a malformed one', async () => {
    for (const locale of ['fr-FR', 'xx', '%3Cscript%3E', 'en_AU', 'en%00']) {
      const { status, body } = await get(`/cms/${locale}/items`);
      expect(status, locale).toBe(404);
      expect(body.error.code).toBe('locale_not_found');
    }
  });
});

describe('content service conventions', () => {
  it('takes version 1.0 and refuses others', async () => {
    expect((await get('/cms/theme', { 'x-api-version': '1.0' })).status).toBe(200);
    const other = await get('/cms/theme', { 'x-api-version': '3.9' });
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe('unsupported_version');
  });

  it('honours clear_cache', async () => {
    const first = await get('/cms/items/faq');
    const cleared = await get('/cms/items/faq?clear_cache');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual(first.body);
    expect(cleared.res.headers['cache-control']).toBe('public, max-age=5');
  });
});
