/**
 * Path and query schemas of the content routes and the stored shape of the site config; the answers
 * are in @drawhouse/contract.
 */
import { ComponentVariantsSchema, NavItemSchema } from '@drawhouse/contract';
import { z } from 'zod';

/** A stored navigation item: a hidden one (edited in the back office) is kept but the shop skips it. */
export const StoredNavItemSchema = NavItemSchema.extend({ hidden: z.boolean().optional() });

/**
 * The stored site_config item: the sitewide banner is a reference to a banners item, the navigation
 * keeps its hidden items.
 */
export const StoredSiteConfigSchema = z.object({
  navigation: z.object({ primary: z.array(StoredNavItemSchema) }),
  componentVariants: ComponentVariantsSchema,
  sitewideBannerId: z.string().nullable().optional(),
  footer: z.object({ aboutText: z.string() }),
});

// Requests

export const CollectionParamsSchema = z.object({ collection: z.string().max(200) });
export const ItemParamsSchema = z.object({ collection: z.string().max(200), id: z.string().max(200) });
export const FileParamsSchema = z.object({ id: z.string().max(200) });
export const LocaleParamsSchema = z.object({ locale: z.string().max(20) });

/** `c[]=home&c[]=cart` arrives as an array, `c[]=home` as one string; `c=` works too. */
const Many = z.union([z.string().max(200), z.array(z.string().max(200)).max(200)]).optional();
export const TranslationsQuerySchema = z.object({
  'c[]': Many,
  c: Many,
  'id[]': Many,
  id: Many,
  't[]': Many,
  t: Many,
});
export type TranslationsQuery = z.infer<typeof TranslationsQuerySchema>;
