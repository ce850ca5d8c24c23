/**
 * The content service's answers (/cms, docs/api/catalogue.md): theme, navigation, site config,
 * banners, pages, FAQs, translations. The API also parses its stored CMS rows with them, so a
 * malformed row is caught where it is read.
 */
import { z } from 'zod';

export const ThemeSchema = z.object({
  colors: z.object({
    primary: z.string(),
    primaryContrast: z.string(),
    secondary: z.string(),
    accent: z.string(),
    background: z.string(),
    surface: z.string(),
    text: z.string(),
    muted: z.string(),
    navBackground: z.string(),
    navText: z.string(),
  }),
  logo: z.object({ src: z.string(), alt: z.string() }),
  meta: z.object({ title: z.string(), description: z.string() }),
  motifs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  typography: z.object({ headingFont: z.string(), bodyFont: z.string(), baseSize: z.number() }),
});
export type Theme = z.infer<typeof ThemeSchema>;
export type ThemeColourName = keyof Theme['colors'];

export const NavItemSchema = z.object({
  type: z.enum(['lotto', 'raffle', 'social_play', 'results', 'subvariant', 'external', 'internal']),
  label: z.string(),
  url: z.string().nullable(),
});
export type NavItem = z.infer<typeof NavItemSchema>;
export type NavItemType = NavItem['type'];

export const NavigationSchema = z.object({ primary: z.array(NavItemSchema) });
export type Navigation = z.infer<typeof NavigationSchema>;

export const ComponentVariantsSchema = z.record(z.string(), z.enum(['A', 'B', 'C']));

export const BannerSchema = z.object({
  id: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  sitewide: z.boolean(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const ContentSiteConfigSchema = z.object({
  navigation: NavigationSchema,
  componentVariants: ComponentVariantsSchema,
  sitewideBanner: z.object({ id: z.string(), text: z.string(), link: z.string().nullable() }).nullable(),
  footer: z.object({ aboutText: z.string() }),
});
export type ContentSiteConfig = z.infer<typeof ContentSiteConfigSchema>;
export type SitewideBanner = NonNullable<ContentSiteConfig['sitewideBanner']>;

/** A block of a content page: a heading, a paragraph or a bulleted list. */
export const BlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
]);
export type Block = z.infer<typeof BlockSchema>;

export const PageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  metaDescription: z.string(),
  blocks: z.array(BlockSchema),
});
export type Page = z.infer<typeof PageSchema>;

export const FaqSchema = z.object({
  id: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const ComponentsSchema = z.object({ componentVariants: ComponentVariantsSchema });

export const TranslationSchema = z.object({
  id: z.string(),
  category: z.string(),
  type: z.string(),
  value: z.string(),
});
export const TranslationsSchema = z.object({ items: z.array(TranslationSchema) });
export type Translation = z.infer<typeof TranslationSchema>;
