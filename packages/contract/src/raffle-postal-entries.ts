/**
 * Free postal entries into a raffle draw, recorded in the back office (support role) from the letters
 * received: each gets a ticket number of the draw like a sold ticket, at no charge.
 */
import { z } from 'zod';
import { IsoDateSchema } from './money.ts';

/** The entrant's details as the letter gives them; the domain's `checkPostalEntry` checks them. */
export const PostalEntryBodySchema = z.object({
  name: z.string().max(300),
  address: z.string().max(1000),
  email: z.string().max(400),
});
export type PostalEntryBody = z.infer<typeof PostalEntryBodySchema>;

export const PostalEntrySchema = z.object({
  id: z.string(),
  productOfferKey: z.string(),
  drawNo: z.number(),
  /** The ticket number it holds in the draw. */
  number: z.number(),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  createdAt: IsoDateSchema,
});
export type PostalEntry = z.infer<typeof PostalEntrySchema>;

export const PostalEntryListSchema = z.object({
  raffleName: z.string(),
  drawNo: z.number(),
  drawStatus: z.string(),
  stopAt: IsoDateSchema,
  postalEntryAvailable: z.boolean(),
  /** Whether the draw takes an entry now (null) or why not. */
  refusal: z.enum(['not_offered', 'draw_closed']).nullable(),
  entries: z.array(PostalEntrySchema),
});
export type PostalEntryList = z.infer<typeof PostalEntryListSchema>;
