/**
 * Content in the back office (content role): the sitewide banner (its text, link and whether the shop
 * shows it) and the CMS pages (title, description and blocks), each edited whole and audited.
 */
import { z } from 'zod';
import { BlockSchema, PageSchema } from './content.ts';

export const AdminBannerSchema = z.object({
  text: z.string(),
  link: z.string().nullable(),
  /** Whether the shop shows it at the top of every page. */
  shown: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const AdminContentSchema = z.object({
  banner: AdminBannerSchema,
  pages: z.array(PageSchema),
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
