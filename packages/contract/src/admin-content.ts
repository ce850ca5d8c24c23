/**
 * Content in the back office (content role): the sitewide banner (its text, link and whether the shop
 * shows it), the CMS pages (title, description and blocks) and the shop's navigation (its items in
 * order, each shown or hidden), each edited whole and audited.
 */
import { z } from 'zod';
import { BlockSchema, NavItemSchema, PageSchema } from './content.ts';

export const AdminBannerSchema = z.object({
  text: z.string(),
  link: z.string().nullable(),
  /** Whether the shop shows it at the top of every page. */
  shown: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

/** A navigation item as the back office edits it: hidden ones stay in the list but the shop skips them. */
export const AdminNavItemSchema = NavItemSchema.extend({ hidden: z.boolean() });
export type AdminNavItem = z.infer<typeof AdminNavItemSchema>;

/** The shop's navigation: the header's items in order (lotto, raffle, social play and results items open their offers). */
export const AdminNavigationSchema = z.object({ primary: z.array(AdminNavItemSchema) });
export type AdminNavigation = z.infer<typeof AdminNavigationSchema>;

export const AdminContentSchema = z.object({
  banner: AdminBannerSchema,
  pages: z.array(PageSchema),
  navigation: AdminNavigationSchema,
});
export type AdminContent = z.infer<typeof AdminContentSchema>;

export const AdminBannerBodySchema = z.object({
  text: z.string().max(1000),
  link: z.string().max(1000).nullable().default(null),
  shown: z.boolean(),
});

export const AdminPageBodySchema = z.object({
  title: z.string().max(1000),
  metaDescription: z.string().max(2000).default(''),
  blocks: z.array(BlockSchema).max(200),
});
export type AdminPageBody = z.infer<typeof AdminPageBodySchema>;

/** The navigation edited whole; the domain's `navigationErrors` checks it (labels, links, count). */
export const AdminNavigationBodySchema = z.object({
  primary: z
    .array(
      z.object({
        type: NavItemSchema.shape.type,
        label: z.string().max(1000),
        url: z.string().max(1000).nullable().default(null),
        hidden: z.boolean().default(false),
      }),
    )
    .max(100),
});
export type AdminNavigationBody = z.infer<typeof AdminNavigationBodySchema>;
