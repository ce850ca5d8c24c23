/**
 * An offer's terms and conditions, and a raffle draw's, as the CMS keeps them: collection
 * `offer_terms`, item `{offerKey}` for the offer, `{offerKey}.{drawNo}` for one draw.
 */
import { z } from 'zod';

export const OfferTermsItemSchema = z.object({
  id: z.string(),
  offerKey: z.string(),
  drawNo: z.number().int().nullable(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});
export type OfferTermsItem = z.infer<typeof OfferTermsItemSchema>;
