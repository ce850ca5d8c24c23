/**
 * Daily Winners giveaways in the back office (content role): the list by a part of the title or
 * reference, type and status, a page at a time; one giveaway with its entries, its winners (and
 * whether each prize is paid) and its provably fair proof. Bodies are `AdminGiveawayBodySchema`.
 */
import { z } from 'zod';
import { AdminPageQuerySchema } from './admin-customers.ts';
import { AdminGiveawaySchema, GiveawayPrizeSchema, GiveawayProofSchema } from './membership.ts';
import { IsoDateSchema } from './money.ts';

/** A giveaway's life: open (taking entries), closed (entries counted), drawn (winners), paid. */
export const ADMIN_GIVEAWAY_STATUSES = ['open', 'closed', 'drawn', 'paid'] as const;
export const GiveawayStatusSchema = z.enum(ADMIN_GIVEAWAY_STATUSES);

export const AdminGiveawayQuerySchema = AdminPageQuerySchema.extend({
  q: z.string().trim().max(100).default(''),
  type: z.enum(['all', 'daily', 'major', 'monthly', 'preview', 'special']).default('all'),
  state: z.enum(['all', ...ADMIN_GIVEAWAY_STATUSES]).default('all'),
});
export type AdminGiveawayQuery = z.infer<typeof AdminGiveawayQuerySchema>;

export const AdminGiveawayWinnerSchema = z.object({
  prizeIndex: z.number().int(),
  prize: GiveawayPrizeSchema,
  entryNumber: z.number().int(),
  customerId: z.string(),
  customerName: z.string(),
  paidAt: IsoDateSchema.nullable(),
});

/** `GET /admin/giveaways/{id}`: a giveaway with its winners and proof (the seed once drawn). */
export const AdminGiveawayDetailSchema = z.object({
  giveaway: AdminGiveawaySchema,
  drawKey: z.string(),
  proof: GiveawayProofSchema,
  prizeWinners: z.array(AdminGiveawayWinnerSchema),
  /** Whether the form may still change it (content role, before it opens). */
  editable: z.boolean(),
});

export type AdminGiveawayDetail = z.infer<typeof AdminGiveawayDetailSchema>;
