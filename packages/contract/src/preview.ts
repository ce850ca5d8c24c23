/**
 * Content preview: the back office (content role) asks for a short-lived signed preview token for a
 * CMS page, a blog post or a product offer (the ask is audited) and opens the shop's
 * /preview?token=... (an offer: /{offerKey}?preview=true&token=...); the shop asks
 * the content service what the token shows and renders it, drafts included. A token that is unknown,
 * altered or expired is a 404, so anyone else sees the 404 page.
 */
import { z } from 'zod';
import { BlogPostSchema } from './blog.ts';
import { ProductOfferSchema } from './catalogue.ts';
import { PageSchema } from './content.ts';

export const PREVIEW_KINDS = ['page', 'blog_post', 'offer'] as const;
export const PreviewKindSchema = z.enum(PREVIEW_KINDS);
export type PreviewKind = z.infer<typeof PreviewKindSchema>;

/** POST /admin/content/preview. */
export const PreviewRequestBodySchema = z.object({
  kind: PreviewKindSchema,
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/),
});
export type PreviewRequestBody = z.infer<typeof PreviewRequestBodySchema>;

export const PreviewTicketSchema = z.object({
  token: z.string(),
  /** The shop's /preview address with the token (an offer's own page with `preview=true` and the token). */
  url: z.string(),
  /** ISO date-time after which the token is refused. */
  expiresAt: z.string(),
});
export type PreviewTicket = z.infer<typeof PreviewTicketSchema>;

/** GET /cms/preview?token=: what the token shows. */
export const PreviewQuerySchema = z.object({ token: z.string().max(2000) });

/**
 * `canEdit`: the content role edits this in the back office, at `editUrl`; the preview shows an
 * "Edit in back office" link there.
 */
const PreviewBaseSchema = z.object({
  expiresAt: z.string(),
  canEdit: z.boolean(),
  editUrl: z.string().nullable(),
});

export const PreviewSchema = z.discriminatedUnion('kind', [
  PreviewBaseSchema.extend({ kind: z.literal('page'), page: PageSchema }),
  PreviewBaseSchema.extend({ kind: z.literal('blog_post'), post: BlogPostSchema }),
  PreviewBaseSchema.extend({ kind: z.literal('offer'), offer: ProductOfferSchema }),
]);
export type Preview = z.infer<typeof PreviewSchema>;

/** GET /admin/content/offers: each product offer and whether the shop shows it. */
export const AdminOfferSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.string(),
  /** Unpublished: listed nowhere in the shop and its page is 404; the content role previews it. */
  published: z.boolean(),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;
export const AdminOffersSchema = z.object({ offers: z.array(AdminOfferSchema) });
export type AdminOffers = z.infer<typeof AdminOffersSchema>;

/** PATCH /admin/content/offers/{key}: publish or unpublish an offer. */
export const AdminOfferBodySchema = z.object({ published: z.boolean() });
export type AdminOfferBody = z.infer<typeof AdminOfferBodySchema>;
